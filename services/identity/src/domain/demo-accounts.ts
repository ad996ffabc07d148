/**
 * Demo accounts seeded on the first start of the all-in-one mode (and in cluster mode when
 * SEED_DEMO_DATA=true), one per role, all verified. Listed in README.md ("Demo accounts").
 * The instructor is linked to the first demo instructor profile of the catalogue.
 */
import { UserRoles, type UserRole } from './user';

export const DEMO_INSTRUCTOR_PROFILE_ID = '00000000-0000-4000-8000-000000000001';

/** A demo account the all-in-one seeds (verified). */
export interface DemoAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  type: UserRole;
  instructor?: string;
  phone?: string;
  address?: string;
  dob?: string;
}

export const demoAccounts: readonly DemoAccount[] = [
  { id: '00000000-0000-4000-a000-000000000001', name: 'Demo Admin', email: 'admin@taal.local', password: 'admin123', type: UserRoles.admin },
  { id: '00000000-0000-4000-a000-000000000002', name: 'Demo Content Uploader', email: 'content@taal.local', password: 'content123', type: UserRoles.content },
  {
    id: '00000000-0000-4000-a000-000000000003',
    name: 'Demo Instructor',
    email: 'instructor@taal.local',
    password: 'instructor123',
    type: UserRoles.instructor,
    instructor: DEMO_INSTRUCTOR_PROFILE_ID,
  },
  {
    id: '00000000-0000-4000-a000-000000000004',
    name: 'Demo Student',
    email: 'student@taal.local',
    password: 'student123',
    type: UserRoles.student,
    phone: '01700000000',
    address: 'House 1, Road 2, Dhanmondi, Dhaka',
    dob: '2000-01-01',
  },
];
