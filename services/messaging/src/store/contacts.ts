/** Contact messages from the site's contact form, answered by the back office. */
import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { messagingV1 } from '@taal/contracts';
import type { MessagingModels } from './documents';
import { iso } from './schema';
import { documentPage, mapPage, type PageAsk } from './pages';

export interface ContactDoc {
  _id: string;
  name: string;
  email: string;
  message: string;
  status: boolean;
  reply: string;
  createdAt: Date;
}

export const contactSchema = new Schema<ContactDoc>(
  { _id: String, name: String, email: String, message: String, status: Boolean, reply: String, createdAt: Date },
  { versionKey: false },
);
// The back office's list, a page at a time (decision 0085).
contactSchema.index({ createdAt: -1, _id: -1 });

const toContact = (d: ContactDoc): messagingV1.ContactMessage => ({
  id: d._id,
  name: d.name,
  email: d.email,
  message: d.message,
  status: d.status,
  reply: d.reply,
  createdAt: iso(d.createdAt),
});

/** Contact messages' reads and writes (`contact_messages`). */
export class ContactDocuments {
  constructor(private readonly models: Pick<MessagingModels, 'contacts'>) {}

  async addContact(input: { name: string; email: string; message: string }): Promise<messagingV1.ContactMessage> {
    const doc: ContactDoc = { _id: randomUUID(), ...input, status: false, reply: '', createdAt: new Date() };
    await this.models.contacts.create(doc);
    return toContact(doc);
  }

  /** A page of contact messages, newest first. */
  async listContacts(ask: PageAsk) {
    return mapPage(await documentPage<ContactDoc>(this.models.contacts, 'contacts', {}, ask), toContact);
  }

  async markContactReplied(id: string): Promise<messagingV1.ContactMessage | null> {
    const doc = await this.models.contacts.findOneAndUpdate({ _id: id }, { $set: { status: true } }, { returnDocument: 'after' }).lean<ContactDoc>();
    return doc ? toContact(doc) : null;
  }
}
