package org.openmark.txn;

import java.util.SplittableRandom;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.Operation;
import org.openmark.workload.WorkloadClient;

/**
 * One client of the closed economy: loads its share of the accounts, then draws operations per
 * the mix from its own seeded stream. Its acknowledged effects go to its own {@link Ledger}.
 */
final class EconomyClient implements WorkloadClient {
    private static final int MAX_WALK = 1024;

    private final ClosedEconomyWorkload economy;
    private final EconomyConfig config;
    private final EconomyOperations.Context ctx;
    private final SplittableRandom random;
    private final int clientIndex;
    private final double[] cumulative;
    private long updates;

    EconomyClient(ClosedEconomyWorkload economy, Ledger ledger, int clientIndex, long seed) {
        this.economy = economy;
        this.config = economy.config();
        this.ctx = new EconomyOperations.Context(config.table(), config.accounts(), ledger, economy.pool(), economy::insertAcknowledged,
                economy::closeAcknowledged);
        this.clientIndex = clientIndex;
        // Each client's stream is derived from the seed and its index, so a seed replays a run.
        this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + clientIndex);
        EconomyConfig.Mix m = config.mix();
        double[] weights = {m.read(), m.scan(), m.update(), m.insert(), m.delete(), m.readModifyWrite()};
        cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += weights[i];
            cumulative[i] = sum;
        }
    }

    @Override
    public Operation nextLoadOperation() {
        long k = economy.nextLoadKey();
        if (k < 0) {
            return null;
        }
        long balance = config.initialBalance(k);
        return new Operation() {
            @Override
            public String name() {
                return "INSERT";
            }

            @Override
            public Status execute(Session session) {
                return session.insert(config.table(), Accounts.key(k), config.accounts().record(balance, 0, "opened"));
            }
        };
    }

    @Override
    public Operation nextOperation() {
        double u = random.nextDouble() * cumulative[cumulative.length - 1];
        int kind = 0;
        while (kind < cumulative.length - 1 && u >= cumulative[kind]) {
            kind++;
        }
        return switch (kind) {
            case 0 -> read(key());
            case 1 -> scan(key(), 1 + random.nextInt(config.maxScanLength()));
            case 2 -> update(key());
            case 3 -> openAccount();
            case 4 -> closeAccount(key());
            default -> transferBetweenTwo();
        };
    }

    /**
     * An account to operate on. A closed account is replaced by the next open one after it (a
     * skewed choice keeps picking the popular accounts, which are also the ones deletes close, so
     * redrawing would not find open ones); after {@value #MAX_WALK} closed ones in a row the
     * operation takes a closed one and gets NOT_FOUND.
     */
    private long key() {
        long limit = economy.keyLimit();
        long k = economy.chooser().next(random, limit);
        for (int i = 0; i < MAX_WALK && economy.isClosed(k); i++) {
            k = k + 1 < limit ? k + 1 : 0;
        }
        return k;
    }

    private Operation transferBetweenTwo() {
        long from = key();
        long to = key();
        for (int i = 0; i < MAX_WALK && to == from; i++) {
            to = key();
        }
        if (to == from) {
            // (Almost) one open account left: the transfer will find its partner closed.
            to = from + 1 < economy.keyLimit() ? from + 1 : 0;
        }
        return transfer(from, to);
    }

    OutcomeAwareOperation read(long key) {
        return EconomyOperations.readAccount(ctx, key);
    }

    OutcomeAwareOperation scan(long startKey, int length) {
        return EconomyOperations.scanAccounts(ctx, startKey, length);
    }

    OutcomeAwareOperation update(long key) {
        return EconomyOperations.updateMemo(ctx, key, memo(clientIndex, ++updates));
    }

    /** The memo a client's blind update writes. */
    static String memo(int clientIndex, long update) {
        return "client " + clientIndex + " update " + update;
    }

    OutcomeAwareOperation openAccount() {
        return new EconomyOperations.OpenAccount(ctx, economy.nextInsertKey(), config.newAccountBalance());
    }

    OutcomeAwareOperation closeAccount(long key) {
        return new EconomyOperations.CloseAccount(ctx, key);
    }

    OutcomeAwareOperation transfer(long from, long to) {
        return new EconomyOperations.Transfer(ctx, from, to);
    }
}
