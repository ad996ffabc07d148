-- Kept order counts (issue 51, decision 0083): orders created in each hour (hours since the Unix
-- epoch: a Bangladesh day is 24 whole hours, no time zone is written here), how many of them are
-- paid now and what the paid ones cost their buyers net of vouchers. A trigger keeps them in the
-- writing transaction, whatever code writes; a change that moves no figure (an unpaid order
-- expiring) touches no row. The orders screen's range summary adds up at most 24 rows a day.
CREATE TABLE commerce.order_hour (
  hour         bigint PRIMARY KEY,
  total        integer NOT NULL,
  paid         integer NOT NULL,
  paid_amount  bigint NOT NULL
);

CREATE FUNCTION commerce.order_hour_add(at timestamptz, total integer, paid integer, paid_amount bigint) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO commerce.order_hour (hour, total, paid, paid_amount)
    SELECT floor(extract(epoch FROM at) / 3600)::bigint, total, paid, paid_amount
     WHERE total <> 0 OR paid <> 0 OR paid_amount <> 0
    ON CONFLICT (hour) DO UPDATE SET
      total = commerce.order_hour.total + EXCLUDED.total,
      paid = commerce.order_hour.paid + EXCLUDED.paid,
      paid_amount = commerce.order_hour.paid_amount + EXCLUDED.paid_amount
  $$;

CREATE FUNCTION commerce.order_hour_keep() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    old_paid integer := 0;
    old_amount bigint := 0;
    new_paid integer := 0;
    new_amount bigint := 0;
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' THEN
      old_paid := 1;
      old_amount := greatest(OLD.subtotal - OLD.discount, 0);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'paid' THEN
      new_paid := 1;
      new_amount := greatest(NEW.subtotal - NEW.discount, 0);
    END IF;
    IF TG_OP = 'INSERT' THEN
      PERFORM commerce.order_hour_add(NEW.created_at, 1, new_paid, new_amount);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM commerce.order_hour_add(OLD.created_at, -1, -old_paid, -old_amount);
    ELSIF OLD.created_at = NEW.created_at THEN
      PERFORM commerce.order_hour_add(NEW.created_at, 0, new_paid - old_paid, new_amount - old_amount);
    ELSE
      PERFORM commerce.order_hour_add(OLD.created_at, -1, -old_paid, -old_amount);
      PERFORM commerce.order_hour_add(NEW.created_at, 1, new_paid, new_amount);
    END IF;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER purchase_order_kept_counts AFTER INSERT OR DELETE OR UPDATE OF status, subtotal, discount, created_at ON commerce.purchase_order
  FOR EACH ROW EXECUTE FUNCTION commerce.order_hour_keep();

INSERT INTO commerce.order_hour (hour, total, paid, paid_amount)
SELECT floor(extract(epoch FROM created_at) / 3600)::bigint, count(*), count(*) FILTER (WHERE status = 'paid'),
       coalesce(sum(greatest(subtotal - discount, 0)) FILTER (WHERE status = 'paid'), 0)
  FROM commerce.purchase_order GROUP BY 1;
