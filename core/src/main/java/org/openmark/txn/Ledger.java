package org.openmark.txn;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one client's acknowledged work should have done to each account: how many transfers were
 * applied and by how much the balance moved, which accounts it opened (with how much money) and
 * closed, and how many operations were acknowledged. Only outcomes the store acknowledged (the
 * commit returned OK) are written here, so after the run the ledger is the truth the store is
 * checked against. Thread-safe: under the open model one client's operations run concurrently.
 */
final class Ledger {
    /** The expected effects on one account. */
    static final class Entry {
        long transfers;
        long delta;
        /** The balance an insert opened it with, or -1 when no insert of it was acknowledged. */
        long openedWith = -1;
        boolean closed;

        void add(Entry other) {
            transfers += other.transfers;
            delta += other.delta;
            if (other.openedWith >= 0) {
                openedWith = Math.max(openedWith, 0) + other.openedWith;
            }
            closed |= other.closed;
        }
    }

    private final ConcurrentHashMap<Long, Entry> entries = new ConcurrentHashMap<>();
    private final LongAdder acknowledged = new LongAdder();

    /** Counts one acknowledged operation of any kind. */
    void acknowledged() {
        acknowledged.increment();
    }

    /** A transfer of {@code amount} from one account to another was committed. */
    void transfer(long from, long to, long amount) {
        entries.compute(from, (k, e) -> {
            Entry x = e == null ? new Entry() : e;
            x.transfers++;
            x.delta -= amount;
            return x;
        });
        entries.compute(to, (k, e) -> {
            Entry x = e == null ? new Entry() : e;
            x.transfers++;
            x.delta += amount;
            return x;
        });
    }

    /** An insert of the account with {@code amount} was committed. */
    void opened(long key, long amount) {
        entries.compute(key, (k, e) -> {
            Entry x = e == null ? new Entry() : e;
            x.openedWith = Math.max(x.openedWith, 0) + amount;
            return x;
        });
    }

    /** A delete of the account was committed. */
    void closed(long key) {
        entries.compute(key, (k, e) -> {
            Entry x = e == null ? new Entry() : e;
            x.closed = true;
            return x;
        });
    }

    long acknowledgedOperations() {
        return acknowledged.sum();
    }

    /** The entry of one account, or null when nothing was recorded for it. */
    Entry entry(long key) {
        return entries.get(key);
    }

    /** All clients' ledgers summed into one (read once the run is over). */
    static Ledger merge(Collection<Ledger> ledgers) {
        Ledger all = new Ledger();
        for (Ledger l : ledgers) {
            all.acknowledged.add(l.acknowledged.sum());
            for (Map.Entry<Long, Entry> e : l.entries.entrySet()) {
                all.entries.computeIfAbsent(e.getKey(), k -> new Entry()).add(e.getValue());
            }
        }
        return all;
    }
}
