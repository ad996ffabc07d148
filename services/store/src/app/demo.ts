import type { Logger } from 'pino';
import { takaOfPoisha } from '@taal/contracts';
import type { StoreDb } from '../store/store-db';

/** All-in-one demo mode: a category and a few gift cards, once (products are found by their slug). */
export async function seedDemoStore(db: StoreDb, logger: Logger): Promise<void> {
  if ((await db.listCategories()).length === 0) {
    await db.insertCategory({ name: 'Gift cards', image: '', description: 'Give music lessons to someone you love.' });
  }
  const demo = [
    { name: 'Gift Card 500', param: 'gift-card-500', price: 500_00, oldPrice: 600_00, value: 500_00 },
    { name: 'Gift Card 1000', param: 'gift-card-1000', price: 1000_00, oldPrice: 1200_00, value: 1000_00 },
    { name: 'Gift Card 2500', param: 'gift-card-2500', price: 2500_00, oldPrice: 3000_00, value: 2500_00 },
  ];
  let added = 0;
  for (const p of demo) {
    if (await db.paramTaken(p.param)) continue;
    await db.insertProduct({
      ...p,
      validity: '365 days',
      description: `A Taal gift card worth BDT ${takaOfPoisha(p.value)}: redeem it in your student panel and spend it on any course.`,
      image: '',
    });
    added++;
  }
  if (added > 0) logger.info({ added }, 'demo gift cards seeded');
}
