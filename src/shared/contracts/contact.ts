import { z } from './zod';

export const inquiryTypes = ['general', 'birthday', 'group', 'feedback'] as const;
export const inquiryTypeLabels: Record<(typeof inquiryTypes)[number], string> = {
  general: 'General Enquiry',
  birthday: 'Birthday Party Booking',
  group: 'Group Bookings',
  feedback: 'Feedback',
};

export const contactRequiredMessage = 'Please fill in all required fields';

const required = (max: number) =>
  z.string().trim().min(1, contactRequiredMessage).max(max, `Must be at most ${max} characters`);

/** POST /api/contact: the same schema validates the form in the browser and the body on the server. */
export const contactSchema = z.object({
  name: required(120),
  email: required(254).pipe(z.email('Please enter a valid email address')),
  phone: z.string().trim().max(30, 'Must be at most 30 characters').optional().default(''),
  inquiryType: z.enum(inquiryTypes, { message: contactRequiredMessage }),
  message: required(5000),
});
export type ContactInput = z.input<typeof contactSchema>;

export const contactResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
