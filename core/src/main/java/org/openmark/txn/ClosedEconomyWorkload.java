package org.openmark.txn;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.config.Settings;
import org.openmark.workload.ValidationReport;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;

/**
 * YCSB+T's Closed Economy Workload (Dey, Fekete, Nambiar, Röhm, ICDE Workshops 2014): accounts
 * hold money, {@code totalcash} in all; operations read balances, scan, blindly update a memo,
 * open accounts, close accounts and transfer 1 between two accounts. No operation creates or
 * destroys money: a closed account's balance goes to a pool that new accounts draw from. After
 * the run, {@link #validate} checks that the money is all there and counts anomalies exactly
 * (see {@link EconomyAudit}).
 *
 * <p>The validation assumes the run started from a freshly loaded store: the ledger knows what
 * this run did, not what earlier runs did.
 */
public final class ClosedEconomyWorkload implements Workload, Transactional {
    /** The name users select it by ({@code workload=closed_economy}). */
    public static final String NAME = "closed_economy";
    /** YCSB+T's class name, accepted for {@code workload=} too. */
    public static final String YCSB_CLASS_NAME = "site.ycsb.workloads.ClosedEconomyWorkload";

    private final EconomyConfig config;
    private final AccountChooser chooser;
    private final CashPool pool = new CashPool();
    private final AtomicLong nextLoadKey = new AtomicLong();
    private final AtomicLong nextInsertKey;
    private final AtomicLong insertsAcknowledged = new AtomicLong();
    private final List<Ledger> ledgers = new CopyOnWriteArrayList<>();
    /** Accounts whose delete was acknowledged: operations avoid choosing them. */
    private final Set<Long> closed = ConcurrentHashMap.newKeySet();

    /**
     * @param expectedInserts the accounts the run's inserts are expected to open, which the zipfian
     *     choice covers beside the loaded ones
     */
    ClosedEconomyWorkload(EconomyConfig config, long expectedInserts) {
        this.config = config;
        this.chooser = config.zipfian()
                ? new ZipfianChooser(config.recordCount() + expectedInserts, ZipfianChooser.DEFAULT_THETA)
                : AccountChooser.uniform();
        this.nextInsertKey = new AtomicLong(config.recordCount());
    }

    /**
     * Creates the workload from properties, for a run whose length is not known in operations (the
     * clock is not used: a workload never waits).
     *
     * @throws org.openmark.config.ConfigException naming a bad property
     */
    public static ClosedEconomyWorkload create(Settings settings, Clock clock) {
        return (ClosedEconomyWorkload) EconomyConfig.parse(settings).create(clock, java.util.OptionalLong.empty());
    }

    EconomyConfig config() {
        return config;
    }

    CashPool pool() {
        return pool;
    }

    AccountChooser chooser() {
        return chooser;
    }

    /** The money waiting in the pool for new accounts. */
    public long poolCash() {
        return pool.balance();
    }

    /** The total the economy started with. */
    public long totalCash() {
        return config.totalCash();
    }

    @Override
    public String table() {
        return config.table();
    }

    @Override
    public long loadOperationCount() {
        return config.recordCount();
    }

    @Override
    public long recordBytes() {
        return config.recordShape().recordBytes();
    }

    /** A transfer's two accounts in their copies, or a scan's longest result when the mix scans. */
    @Override
    public long operationBytes() {
        return config.recordShape().operationBytes(2, config.mix().scan() > 0 ? config.maxScanLength() : 0);
    }

    @Override
    public WorkloadClient newClient(int clientIndex, int clientCount, long seed) {
        Ledger ledger = new Ledger();
        ledgers.add(ledger);
        return new EconomyClient(this, ledger, clientIndex, seed);
    }

    /** The next account to load, or -1 when all are handed out. */
    long nextLoadKey() {
        long k = nextLoadKey.getAndIncrement();
        return k < config.recordCount() ? k : -1;
    }

    long nextInsertKey() {
        return nextInsertKey.getAndIncrement();
    }

    void insertAcknowledged() {
        insertsAcknowledged.incrementAndGet();
    }

    void closeAcknowledged(long key) {
        closed.add(key);
    }

    boolean isClosed(long key) {
        return closed.contains(key);
    }

    /** Accounts that operations choose from: the loaded ones plus the acknowledged inserts. */
    long keyLimit() {
        return config.recordCount() + insertsAcknowledged.get();
    }

    /**
     * Reads every account ever handed out (loaded, inserted, deleted) and compares it with the
     * merged ledgers of all clients. Call once the run is over.
     */
    @Override
    public Optional<ValidationReport> validate(Store store) {
        Ledger expected = Ledger.merge(ledgers);
        EconomyAudit audit = new EconomyAudit(config.totalCash(), pool.balance(), expected.acknowledgedOperations());
        long keys = Math.max(config.recordCount(), nextInsertKey.get());
        Accounts layout = config.accounts();
        try (Session session = store.newSession()) {
            Map<String, byte[]> fields = new HashMap<>();
            for (long k = 0; k < keys; k++) {
                fields.clear();
                Status s = session.read(config.table(), Accounts.key(k), layout.moneyFields(), fields);
                if (s == Status.NOT_FOUND) {
                    audit.account(expectation(k, expected.entry(k)), null);
                    continue;
                }
                Long balance = layout.balance(fields);
                Long transfers = layout.transfers(fields);
                if (!s.isOk() || balance == null || transfers == null) {
                    audit.unreadable();
                } else {
                    audit.account(expectation(k, expected.entry(k)), new EconomyAudit.Found(balance, transfers));
                }
            }
        }
        return Optional.of(audit.report());
    }

    private EconomyAudit.Expected expectation(long key, Ledger.Entry e) {
        boolean loaded = key < config.recordCount();
        if (e == null) {
            return loaded ? new EconomyAudit.Expected(true, config.initialBalance(key), 0) : EconomyAudit.Expected.ABSENT;
        }
        if (e.closed || (!loaded && e.openedWith < 0)) {
            return EconomyAudit.Expected.ABSENT;
        }
        long opening = loaded ? config.initialBalance(key) : e.openedWith;
        return new EconomyAudit.Expected(true, opening + e.delta, e.transfers);
    }
}
