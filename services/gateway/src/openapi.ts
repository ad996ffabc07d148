/**
 * OpenAPI 3.1 description of the public REST API. Kept true by openapi.itest.ts, which
 * checks every Express route is documented and every documented answer matches its schema.
 */
const tier = {
  type: 'object',
  required: ['price', 'oldPrice', 'validity'],
  properties: {
    price: { type: 'integer', minimum: 0, description: 'Integer poisha (1 BDT = 100 poisha)' },
    oldPrice: { type: 'integer', minimum: 0, description: 'Integer poisha' },
    validity: { type: 'integer', minimum: 1, description: 'Days of access' },
  },
  additionalProperties: false,
};

const stringList = { type: 'array', items: { type: 'string' } };

const schemas = {
  Error: {
    type: 'object',
    required: ['success', 'message', 'code'],
    properties: {
      success: { const: false },
      message: { type: 'string' },
      code: { type: 'string' },
    },
    additionalProperties: false,
  },
  Tier: tier,
  Course: {
    type: 'object',
    required: [
      '_id', 'title', 'subtitle', 'desc', 'courseHour', 'catagory', 'courseType', 'instructor', 'price', 'oldPrice',
      'validity', 'priceSilver', 'priceGold', 'priceDiamond', 'published', 'featured', 'bundle', 'thumbnail', 'banner',
      'topic', 'requirements', 'whoFor', 'freeLessons', 'sold', 'createdAt',
    ],
    properties: {
      _id: { type: 'string' },
      title: { type: 'string' },
      subtitle: { type: 'string' },
      desc: { type: 'string', description: 'HTML description' },
      courseHour: { type: 'integer', minimum: 0 },
      catagory: { enum: ['Guitar', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering'] },
      courseType: { enum: ['beginner', 'intermediate', 'advanced'] },
      instructor: { type: 'string', description: 'Instructor id' },
      price: { type: 'integer', minimum: 0, description: 'Integer poisha' },
      oldPrice: { type: 'integer', minimum: 0, description: 'Integer poisha' },
      validity: { type: 'integer', minimum: 1 },
      priceSilver: { $ref: '#/components/schemas/Tier' },
      priceGold: { $ref: '#/components/schemas/Tier' },
      priceDiamond: { $ref: '#/components/schemas/Tier' },
      published: { type: 'boolean' },
      featured: { type: 'boolean' },
      bundle: { type: 'boolean' },
      thumbnail: { type: 'string' },
      banner: { type: 'string' },
      topic: stringList,
      requirements: stringList,
      whoFor: stringList,
      freeLessons: {
        type: 'array',
        items: {
          type: 'object',
          required: ['title', 'youtube'],
          properties: { title: { type: 'string' }, youtube: { type: 'string' } },
          additionalProperties: false,
        },
      },
      sold: { type: 'integer', minimum: 0 },
      createdAt: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  Instructor: {
    type: 'object',
    required: ['_id', 'name', 'bio', 'band', 'photo', 'banner', 'featured', 'published', 'course', 'createdAt'],
    properties: {
      _id: { type: 'string' },
      name: { type: 'string' },
      bio: { type: 'string' },
      band: { type: 'string' },
      photo: { type: 'string' },
      banner: { type: 'string' },
      featured: { type: 'boolean' },
      published: { type: 'boolean' },
      course: { ...stringList, description: 'Ids of the instructor’s published courses' },
      createdAt: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  UpcomingCourse: {
    type: 'object',
    required: ['_id', 'name', 'photo'],
    properties: { _id: { type: 'string' }, name: { type: 'string' }, photo: { type: 'string' } },
    additionalProperties: false,
  },
} as const;

const envelope = (data: object) => ({
  type: 'object',
  required: ['success', 'data'],
  properties: { success: { const: true }, data },
  additionalProperties: false,
});

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: keyof typeof schemas) => ({ $ref: `#/components/schemas/${name}` });
const listOf = (name: keyof typeof schemas) => envelope({ type: 'array', items: ref(name) });
const errors = {
  '503': { description: 'A service behind the gateway is down', content: json(ref('Error')) },
  '504': { description: 'A service behind the gateway did not answer within its deadline', content: json(ref('Error')) },
};
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

function read(summary: string, ok: object, extra: Record<string, object> = {}) {
  return {
    get: {
      summary,
      responses: { '200': { description: 'OK', content: json(ok) }, ...extra, ...errors },
    },
  };
}

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Taal public API',
    version: '1.0.0',
    description: 'Online music-lessons marketplace. All money is integer poisha (1 BDT = 100 poisha).',
  },
  servers: [{ url: '/' }],
  paths: {
    '/api/v1/course/': read('Published courses, newest first', listOf('Course')),
    '/api/v1/course/featured/': read('Featured published courses', listOf('Course')),
    '/api/v1/course/upcoming': read('Upcoming courses', listOf('UpcomingCourse')),
    '/api/v1/course/{id}/': {
      get: {
        ...read('One published course', envelope(ref('Course')), {
          '404': { description: 'Unknown or unpublished course', content: json(ref('Error')) },
        }).get,
        parameters: [idParam],
      },
    },
    '/api/v1/instructor/': read('Published instructors', listOf('Instructor')),
    '/api/v1/instructor/featured/': read('Featured instructors, at most 10', listOf('Instructor')),
    '/api/v1/instructor/{id}/': {
      get: {
        ...read('One published instructor', envelope(ref('Instructor')), {
          '404': { description: 'Unknown or unpublished instructor', content: json(ref('Error')) },
        }).get,
        parameters: [idParam],
      },
    },
    '/api/v1/openapi.json': {
      get: {
        summary: 'This document',
        responses: { '200': { description: 'OpenAPI 3.1 document', content: json({ type: 'object' }) } },
      },
    },
  },
  components: { schemas },
} as const;
