// The tuner's share of the practice log (issue 54 item 3, decision 0081): in the classroom, the
// seconds in which it actually heard playing (the play-along's heardSeconds over its frames) are
// reported to learning for the lesson's course, a report a minute while listening and one when it
// stops. Each report carries its own id, so one sent again counts once; one that fails is dropped
// with its minute (the log is a practice figure, not money).
import { useEffect, useRef } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import type { ListenFrame } from '@taal/web-shared/listen/listener';

const REPORT_EVERY_MS = 60_000;
/** The route's bound for one report. */
const MAX_SECONDS = 600;

export function useHeardReports(courseId: string | undefined) {
  const frames = useRef<ListenFrame[]>([]);
  const course = useRef(courseId);
  course.current = courseId;

  const flush = () => {
    const heard = frames.current;
    frames.current = [];
    if (!course.current || heard.length < 2) return;
    void import(/* webpackChunkName: "score" */ '@taal/web-shared/listen/score').then(({ heardSeconds }) => {
      const seconds = Math.min(MAX_SECONDS, Math.round(heardSeconds(heard)));
      if (seconds < 1) return;
      const body = { reportId: crypto.randomUUID(), courseId: course.current!, heardSeconds: seconds };
      void answer(authApi.POST('/api/v1/practice/reports', { body })).catch(() => undefined);
    });
  };

  useEffect(() => {
    if (!courseId) return;
    const timer = window.setInterval(flush, REPORT_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      flush();
    };
  }, [courseId]);

  return {
    /** Each frame the listener gives, kept until the next report (classroom only). */
    heard: (frame: ListenFrame) => {
      if (course.current) frames.current.push(frame);
    },
    /** Listening stopped: what was heard is reported now. */
    flush,
  };
}
