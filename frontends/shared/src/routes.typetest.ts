// Type tests of the page links and screens (routes.ts, decision 0056), compiled by the frontends'
// type check (npm run build:apps, typecheck:apps) and never bundled: each `@ts-expect-error` fails
// the check when the line it marks becomes valid, and each unmarked line fails it when it stops being valid.
import type { ReactElement } from 'react';
import { linkTo, type Screens } from '@taal/web-shared/routes';

export function routeTypeTests(screen: ReactElement): void {
  // Declared patterns, with their parameters and a query.
  void linkTo('/admincourselist');
  void linkTo('/courseview', { id: 'c1' });
  void linkTo('/instructorview/:id', { id: 'i1' });
  void linkTo('/studentpanel', { tab: 6 });

  // @ts-expect-error a typo is no declared page
  void linkTo('/admincourselists');
  // @ts-expect-error an undeclared page (an API URL is not a page)
  void linkTo('/api/v1/course/');
  // @ts-expect-error the pattern's parameter is missing
  void linkTo('/instructorview/:id');
  // @ts-expect-error the parameter has another name
  void linkTo('/instructorview/:id', { instructor: 'i1' });
  // @ts-expect-error a remote's catch-all is not a link
  void linkTo('/admin/*');

  // A remote's screens are exactly its declared patterns.
  const panel: Screens<'panel'> = { '/studentpanel': screen, '/instructorpanel': screen, '/notifications': screen };
  // @ts-expect-error a declared page without its screen
  const missing: Screens<'panel'> = { '/studentpanel': screen, '/instructorpanel': screen };
  // @ts-expect-error a screen routes.json does not declare
  const extra: Screens<'panel'> = { '/studentpanel': screen, '/instructorpanel': screen, '/notifications': screen, '/panel/new': screen };
  void [panel, missing, extra];
}
