package org.openmark.txn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongConsumer;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * The closed economy's operations. Each records its effect in the client's {@link Ledger} (and
 * moves money through the {@link CashPool}) only when told its outcome was OK, i.e. when the
 * store acknowledged the unit of work. Each attempt starts afresh, so a unit the store aborted can
 * be run again. Composite ones are named so that the unit never shares a name with an inner call.
 */
final class EconomyOperations {
    private EconomyOperations() {
    }

    /** What every operation shares: the table and layout, the client's ledger, the workload's pool. */
    record Context(String table, Accounts accounts, Ledger ledger, CashPool pool, Runnable insertAcknowledged,
            LongConsumer closeAcknowledged) {
    }

    /** Base: its name and whether it is a composite; counts acknowledged operations. */
    private abstract static class Base implements OutcomeAwareOperation {
        final Context ctx;
        private final String name;
        private final boolean composite;

        Base(Context ctx, String name, boolean composite) {
            this.ctx = ctx;
            this.name = name;
            this.composite = composite;
        }

        @Override
        public final String name() {
            return name;
        }

        @Override
        public final boolean composite() {
            return composite;
        }

        @Override
        public void onOutcome(Status outcome) {
            if (outcome.isOk()) {
                ctx.ledger().acknowledged();
            }
        }
    }

    /** One store call that moves no money: it only counts when acknowledged. */
    private static final class SingleCall extends Base {
        private final Function<Session, Status> call;

        SingleCall(Context ctx, String name, Function<Session, Status> call) {
            super(ctx, name, false);
            this.call = call;
        }

        @Override
        public Status attempt(Session session) {
            return call.apply(session);
        }
    }

    /** READ: one account's record. */
    static OutcomeAwareOperation readAccount(Context ctx, long key) {
        return new SingleCall(ctx, "READ", s -> s.read(ctx.table(), Accounts.key(key), null, new HashMap<>()));
    }

    /** SCAN: a range of accounts' money fields. */
    static OutcomeAwareOperation scanAccounts(Context ctx, long startKey, int length) {
        return new SingleCall(ctx, "SCAN", s -> s.scan(ctx.table(), Accounts.key(startKey), length,
                ctx.accounts().moneyFields(), new ArrayList<>()));
    }

    /** UPDATE: a blind write of the memo field, which moves no money. */
    static OutcomeAwareOperation updateMemo(Context ctx, long key, String memo) {
        return new SingleCall(ctx, "UPDATE", s -> s.update(ctx.table(), Accounts.key(key), ctx.accounts().memo(memo)));
    }

    /** INSERT: opens a new account with money drawn from the pool (none when the pool is empty). */
    static final class OpenAccount extends Base {
        private final long key;
        private final long wanted;
        private long drawn;

        OpenAccount(Context ctx, long key, long wanted) {
            super(ctx, "INSERT", false);
            this.key = key;
            this.wanted = wanted;
        }

        @Override
        public Status attempt(Session session) {
            drawn = ctx.pool().draw(wanted);
            return session.insert(ctx.table(), Accounts.key(key), ctx.accounts().record(drawn, 0, "opened"));
        }

        @Override
        public void onOutcome(Status outcome) {
            super.onOutcome(outcome);
            if (outcome.isOk()) {
                ctx.ledger().opened(key, drawn);
                ctx.insertAcknowledged().run();
            } else {
                // Not acknowledged: the account is expected absent, so its money goes back.
                ctx.pool().deposit(drawn);
            }
            drawn = 0;
        }
    }

    /** READ-DELETE: closes an account; its balance goes to the pool. */
    static final class CloseAccount extends Base {
        private final long key;
        private long balance;

        CloseAccount(Context ctx, long key) {
            super(ctx, "READ-DELETE", true);
            this.key = key;
        }

        @Override
        public Status attempt(Session session) {
            balance = 0;
            Map<String, byte[]> fields = new HashMap<>();
            Status s = session.read(ctx.table(), Accounts.key(key), ctx.accounts().moneyFields(), fields);
            if (!s.isOk()) {
                return s;
            }
            Long found = ctx.accounts().balance(fields);
            if (found == null) {
                return Status.UNEXPECTED_STATE;
            }
            balance = found;
            return session.delete(ctx.table(), Accounts.key(key));
        }

        @Override
        public void onOutcome(Status outcome) {
            super.onOutcome(outcome);
            if (outcome.isOk()) {
                ctx.pool().deposit(balance);
                ctx.ledger().closed(key);
                ctx.closeAcknowledged().accept(key);
            }
        }
    }

    /**
     * READ-MODIFY-WRITE: moves 1 from one account to another (nothing when the first is empty):
     * reads both, then writes both balances and both transfer counters.
     */
    static final class Transfer extends Base {
        private final long from;
        private final long to;
        private long amount;

        Transfer(Context ctx, long from, long to) {
            super(ctx, "READ-MODIFY-WRITE", true);
            if (from == to) {
                throw new IllegalArgumentException("a transfer needs two accounts: " + from);
            }
            this.from = from;
            this.to = to;
        }

        @Override
        public Status attempt(Session session) {
            Map<String, byte[]> a = new HashMap<>();
            Map<String, byte[]> b = new HashMap<>();
            Status s = session.read(ctx.table(), Accounts.key(from), ctx.accounts().moneyFields(), a);
            if (!s.isOk()) {
                return s;
            }
            s = session.read(ctx.table(), Accounts.key(to), ctx.accounts().moneyFields(), b);
            if (!s.isOk()) {
                return s;
            }
            Accounts layout = ctx.accounts();
            Long fromBalance = layout.balance(a);
            Long fromTransfers = layout.transfers(a);
            Long toBalance = layout.balance(b);
            Long toTransfers = layout.transfers(b);
            if (fromBalance == null || fromTransfers == null || toBalance == null || toTransfers == null) {
                return Status.UNEXPECTED_STATE;
            }
            amount = fromBalance > 0 ? 1 : 0;
            String fromKey = Accounts.key(from);
            String toKey = Accounts.key(to);
            Map<String, byte[]> fromValues = layout.money(fromBalance - amount, fromTransfers + 1);
            Map<String, byte[]> toValues = layout.money(toBalance + amount, toTransfers + 1);
            // Writes in key order, so two opposite transfers cannot deadlock on row locks (a
            // locking store would otherwise abort one of them after its deadlock timeout).
            boolean fromFirst = fromKey.compareTo(toKey) <= 0;
            s = session.update(ctx.table(), fromFirst ? fromKey : toKey, fromFirst ? fromValues : toValues);
            if (!s.isOk()) {
                return s;
            }
            return session.update(ctx.table(), fromFirst ? toKey : fromKey, fromFirst ? toValues : fromValues);
        }

        @Override
        public void onOutcome(Status outcome) {
            super.onOutcome(outcome);
            if (outcome.isOk()) {
                ctx.ledger().transfer(from, to, amount);
            }
        }
    }
}
