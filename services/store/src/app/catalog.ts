/** Store categories and gift-card products (admin writes; everyone reads). */
import type { FieldRefusals, RefusalKey, storeV1 } from '@taal/contracts';
import { UserRoles, refuse, refuseFields, requireIdentity } from '@taal/kit';
import { isParam } from '../domain/gift-cards';
import { toCategory, toProduct, type StoreDb } from '../store/store-db';
import type { Ctx } from './context';

const ADMIN = UserRoles.admin;
const required = 'THIS_IS_REQUIRED';
type Problems = Record<string, RefusalKey>;

/** A form's problems, field by field: refused with the first field's key as the headline. */
function refuseForm(fields: FieldRefusals): never {
  throw refuseFields(fields);
}
const money = (v: number) => Number.isSafeInteger(v) && v >= 0 && v <= 100_000_000_00;

export class Catalog {
  constructor(private readonly db: StoreDb) {}

  async listCategories() {
    return (await this.db.listCategories()).map(toCategory);
  }

  async createCategory(ctx: Ctx, req: storeV1.CreateCategoryRequest) {
    requireIdentity(ctx, ADMIN);
    const problems: Problems = {};
    if (!req.name.trim()) problems.name = required;
    if (!req.description.trim()) problems.description = required;
    if (!req.image) problems.image = required;
    if (Object.keys(problems).length) refuseForm(problems);
    return toCategory(await this.db.insertCategory({ name: req.name.trim(), image: req.image, description: req.description.trim() }));
  }

  async updateCategory(ctx: Ctx, req: storeV1.UpdateCategoryRequest) {
    requireIdentity(ctx, ADMIN);
    if (req.name !== undefined && !req.name.trim()) refuseForm({ name: required });
    const row = await this.db.updateCategory(req.id, {
      name: req.name?.trim(),
      description: req.description?.trim(),
      image: req.image || undefined,
    });
    if (!row) throw refuse('CATEGORY_NOT_FOUND');
    return toCategory(row);
  }

  async deleteCategory(ctx: Ctx, req: storeV1.DeleteCategoryRequest) {
    requireIdentity(ctx, ADMIN);
    if (!(await this.db.deleteCategory(req.id))) throw refuse('CATEGORY_NOT_FOUND');
  }

  async listProducts() {
    return (await this.db.listProducts()).map(toProduct);
  }

  async getProduct(req: storeV1.GetProductRequest) {
    const row = req.id ? await this.db.getProduct(req.id) : null;
    if (!row) throw refuse('GIFT_CARD_NOT_FOUND');
    return toProduct(row);
  }

  async createProduct(ctx: Ctx, req: storeV1.CreateProductRequest) {
    requireIdentity(ctx, ADMIN);
    const problems: Problems = {};
    for (const f of ['name', 'param', 'validity', 'description', 'image'] as const) if (!req[f].trim()) problems[f] = required;
    if (req.param.trim() && !isParam(req.param.trim())) problems.param = 'PARAM_INVALID';
    if (!money(req.price) || req.price <= 0) problems.price = 'PRICE_NOT_POSITIVE';
    if (!money(req.value) || req.value <= 0) problems.value = 'VALUE_NOT_POSITIVE';
    if (!money(req.oldPrice)) problems.oldPrice = 'OLD_PRICE_NEGATIVE';
    if (Object.keys(problems).length) refuseForm(problems);
    if (await this.db.paramTaken(req.param.trim())) throw refuse('PARAM_TAKEN', undefined, { param: 'PARAM_TAKEN' });
    return toProduct(await this.db.insertProduct({ ...req, name: req.name.trim(), param: req.param.trim() }));
  }

  async updateProduct(ctx: Ctx, req: storeV1.UpdateProductRequest) {
    requireIdentity(ctx, ADMIN);
    const problems: Problems = {};
    for (const f of ['name', 'param', 'validity', 'description'] as const) if (req[f] !== undefined && !req[f].trim()) problems[f] = required;
    if (req.param?.trim() && !isParam(req.param.trim())) problems.param = 'PARAM_INVALID';
    if (req.price !== undefined && (!money(req.price) || req.price <= 0)) problems.price = 'PRICE_NOT_POSITIVE';
    if (req.value !== undefined && (!money(req.value) || req.value <= 0)) problems.value = 'VALUE_NOT_POSITIVE';
    if (req.oldPrice !== undefined && !money(req.oldPrice)) problems.oldPrice = 'OLD_PRICE_NEGATIVE';
    if (Object.keys(problems).length) refuseForm(problems);
    if (req.param && (await this.db.paramTaken(req.param.trim(), req.id)))
      throw refuse('PARAM_TAKEN', undefined, { param: 'PARAM_TAKEN' });
    const row = await this.db.updateProduct(req.id, {
      name: req.name?.trim(),
      param: req.param?.trim(),
      price: req.price,
      oldPrice: req.oldPrice,
      value: req.value,
      validity: req.validity?.trim(),
      description: req.description?.trim(),
      image: req.image || undefined,
    });
    if (!row) throw refuse('GIFT_CARD_NOT_FOUND');
    return toProduct(row);
  }

  async deleteProduct(ctx: Ctx, req: storeV1.DeleteProductRequest) {
    requireIdentity(ctx, ADMIN);
    if (!(await this.db.deleteProduct(req.id))) throw refuse('GIFT_CARD_NOT_FOUND');
  }
}
