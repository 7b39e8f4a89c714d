-- Parties months ahead (issue 38) gave the default party slots new times for fresh installs (midday
-- 12:00-14:30, evening 16:30-18:30) so each package has slots of its length. A party stores only its slot's
-- id, so a venue that already sold parties on the defaults would see them move. Such a venue keeps its slots'
-- times: its party booking document is stored with the old slots under their ids, plus slots long enough for
-- Silver (2.5 h) and Gold (3 h), which are sold in those from now on. A venue whose admin saved its own
-- document, or that has sold no party, is left alone.
INSERT INTO "catalogue_documents" ("key", "value", "version", "updated_at")
SELECT 'party_booking', '{
  "slots": [
    {"id": "morning", "label": "9:30 AM - 11:30 AM", "start": "09:30", "end": "11:30"},
    {"id": "morning-long", "label": "9:30 AM - 12:30 PM", "start": "09:30", "end": "12:30"},
    {"id": "midday", "label": "12:00 PM - 2:00 PM", "start": "12:00", "end": "14:00"},
    {"id": "midday-long", "label": "12:00 PM - 2:30 PM", "start": "12:00", "end": "14:30"},
    {"id": "afternoon-long", "label": "1:00 PM - 4:00 PM", "start": "13:00", "end": "16:00"},
    {"id": "afternoon", "label": "2:00 PM - 4:00 PM", "start": "14:00", "end": "16:00"},
    {"id": "evening", "label": "4:00 PM - 6:00 PM (after hours)", "start": "16:00", "end": "18:00"}
  ],
  "packageSlots": {
    "bronze": ["morning", "midday", "afternoon"],
    "silver": ["morning-long", "midday-long", "afternoon-long"],
    "gold": ["morning-long", "afternoon-long"],
    "private-hire": ["evening"]
  }
}'::jsonb, 1, now()
WHERE EXISTS (SELECT 1 FROM "party_bookings")
-- Holding a party locks the document, storing it empty at version 0 ("the defaults") when it was missing:
-- that row is the defaults too. A document an admin saved (version 1 or more) is the venue's own.
ON CONFLICT ("key") DO UPDATE SET "value" = "catalogue_documents"."value" || EXCLUDED."value", "version" = 1,
  "updated_at" = EXCLUDED."updated_at"
WHERE "catalogue_documents"."version" = 0;--> statement-breakpoint
UPDATE "catalogue_state" SET "version" = "version" + 1;
