import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi } from '@taal/web-shared/api';
import { toast } from '@taal/web-shared/toast';
import { useSubmit } from '@taal/web-shared/ui';
import { currentStudent } from '../commerce';
import { linkTo } from '@taal/web-shared/routes';

/**
 * The course view's message form to the course's instructor (spec §2, §5): a student sends it
 * to `POST contact/instructor/` (decision 0019) and reads 'Message Sent Successfully!!'; logged
 * out it says 'Please login first' and goes to /login?redirect=cart. Answers appear in the
 * student panel's Messages tab.
 */
export function MessageInstructor({ instructorId, instructorName, courseId }: { instructorId: string; instructorName: string; courseId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const { busy, submit, refuse } = useSubmit();
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const user = currentStudent();
    if (!user) {
      toast(t('errors.loginFirst'), 'error', { untilLogin: true });
      navigate(linkTo('/login', { redirect: 'cart' }));
      return;
    }
    if (!message.trim()) {
      refuse(t('refusals:MESSAGE_REQUIRED'));
      return;
    }
    const sent = await submit(
      () =>
        answer(
          authApi.POST('/api/v1/contact/instructor/', {
            body: { to: instructorId, message: message.trim(), name: user.name, email: user.email, from: user._id, course: courseId },
          }),
        ),
      { done: t('messaging.sent'), failedKey: 'messaging.failed' },
    );
    if (sent) setMessage('');
  };
  return (
    <section className="section card" data-testid="message-instructor">
      <h2>{t('messaging.askTitle', { name: instructorName })}</h2>
      <form className="form" onSubmit={(e) => void send(e)} noValidate>
        <label>
          {t('messaging.yourMessage')}
          <textarea rows={4} value={message} maxLength={5000} onChange={(e) => setMessage(e.target.value)} data-testid="message-instructor-text" />
        </label>
        <button className="btn btn-primary" disabled={busy} data-testid="message-instructor-send">
          {t('messaging.send')}
        </button>
      </form>
    </section>
  );
}
