/**
 * The certificate gate (issue 53, decision 0073): beyond every lesson complete, each exam a course
 * sets must be passed. One gate per kind of exam: the theory exam's today, the practical's when it
 * comes (it joins the list in service.ts). A course that sets no exam keeps the lessons-only rule.
 */
import type { RefusalKey, learningV1 } from '@taal/contracts';

/**
 * Asked for a student and a course: null when the course sets no such exam (nothing asked),
 * the refusal while it is not passed, or the pass the certificate names.
 */
export type CertificateGate = (userId: string, courseId: string) => Promise<{ refusal: RefusalKey } | { passed: learningV1.PassedExam } | null>;

/** Every gate's answer: the first refusal, or the passes to name on the certificate. */
export async function passGates(gates: readonly CertificateGate[], userId: string, courseId: string): Promise<{ refusal: RefusalKey } | { passed: learningV1.PassedExam[] }> {
  const answers = await Promise.all(gates.map((gate) => gate(userId, courseId)));
  const passed: learningV1.PassedExam[] = [];
  for (const a of answers) {
    if (!a) continue;
    if ('refusal' in a) return a;
    passed.push(a.passed);
  }
  return { passed };
}
