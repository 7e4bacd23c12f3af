package org.openmark.txn;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Lets the calls of several sessions (on their own threads) take turns in a fixed order, so a
 * test builds an interleaving by hand. Once the order is used up, calls run freely. A call that
 * waits for a turn that never comes fails the test after a generous bound instead of hanging.
 */
final class Turnstile {
    private static final long GIVE_UP_SECONDS = 30;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition turnChanged = lock.newCondition();
    private int[] order = new int[0];
    private int position;

    void set(int... sessionOrder) {
        lock.lock();
        try {
            order = sessionOrder.clone();
            position = 0;
        } finally {
            lock.unlock();
        }
    }

    /** Blocks until it is session {@code id}'s turn (or the order is used up). */
    void await(int id) {
        lock.lock();
        try {
            while (position < order.length && order[position] != id) {
                if (!turnChanged.await(GIVE_UP_SECONDS, TimeUnit.SECONDS)) {
                    throw new AssertionError("session " + id + " waited for its turn at step " + position
                            + " of " + java.util.Arrays.toString(order));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for a turn");
        } finally {
            lock.unlock();
        }
    }

    /** The current call finished: the next turn begins. */
    void done() {
        lock.lock();
        try {
            if (position < order.length) {
                position++;
            }
            turnChanged.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
