import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { bookings, checkIns, creditPurchases, outbox } from '../../db/schema';

/** A booking row written straight to the database, as old as the test needs. */
export async function insertBooking(
  db: Db,
  v: { status: (typeof bookings.$inferInsert)['status']; createdAt: Date; visitDate?: string; email?: string },
): Promise<string> {
  const [row] = await db
    .insert(bookings)
    .values({
      reference: `PTB-${randomUUID().slice(0, 8)}`,
      status: v.status,
      customerName: 'Olive Oldham',
      customerEmail: v.email ?? 'olive@example.com',
      customerPhone: '07700 900555',
      visitDate: v.visitDate ?? v.createdAt.toISOString().slice(0, 10),
      sessionId: 'morning',
      specialRequests: 'Olive is allergic to sesame',
      loyaltyOptIn: false,
      places: 1,
      placesHeld: false,
      originalPence: 950,
      finalPence: 950,
      clientAddress: '203.0.113.9',
      ticketToken: randomUUID(),
      createdAt: v.createdAt,
      updatedAt: v.createdAt,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

export async function insertPurchase(
  db: Db,
  v: { status: (typeof creditPurchases.$inferInsert)['status']; createdAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(creditPurchases)
    .values({
      email: 'olive@example.com',
      customerName: 'Olive Oldham',
      customerEmail: 'olive@example.com',
      customerPhone: '07700 900555',
      credits: 10,
      amountPence: 7500,
      savingsPence: 2000,
      status: v.status,
      createdAt: v.createdAt,
      updatedAt: v.createdAt,
    })
    .returning({ id: creditPurchases.id });
  return row!.id;
}

/** A walk-in who gave a number plate for the car park. */
export async function insertPlate(db: Db, visitDate: string, plate = 'OL17 VEH'): Promise<string> {
  const [row] = await db
    .insert(checkIns)
    .values({
      walkInName: 'Walk-in',
      visitDate,
      children: 1,
      adults: 1,
      numberPlate: plate,
      parkingAgreed: true,
      checkedInAt: new Date(`${visitDate}T10:00:00Z`),
      checkedInBy: 'staff',
    })
    .returning({ id: checkIns.id });
  return row!.id;
}

export async function insertSentMail(db: Db, sentAt: Date): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      toAddress: 'olive@example.com',
      subject: 'Your booking',
      text: 'Dear Olive, see you soon.',
      html: '<p>Dear Olive</p>',
      status: 'sent',
      sentAt,
      createdAt: sentAt,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

/** One row of `table` by id, as stored. */
export async function rowById(db: Db, table: string, id: string): Promise<Record<string, unknown> | undefined> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from ${sql.identifier(table)} where id = ${id}`),
  )[0];
}
