package org.openmark.txn;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Money that left the store with deleted accounts and waits for new ones (thread-safe). Keeping
 * it here, not creating money for inserts, is what keeps the economy closed: at validation the
 * cash found in the store plus the pool must equal the initial total.
 */
final class CashPool {
    private final AtomicLong balance = new AtomicLong();

    /** Takes up to {@code wanted} (never more than the pool holds); returns what was taken. */
    long draw(long wanted) {
        while (true) {
            long now = balance.get();
            long taken = Math.min(now, Math.max(0, wanted));
            if (balance.compareAndSet(now, now - taken)) {
                return taken;
            }
        }
    }

    /** Puts money in (a deleted account's balance, or a draw given back). */
    void deposit(long amount) {
        balance.addAndGet(amount);
    }

    long balance() {
        return balance.get();
    }
}
