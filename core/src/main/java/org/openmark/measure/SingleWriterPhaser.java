package org.openmark.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The phase between one writer thread and its readers, for a writer that is always the same
 * thread. The writer marks a record's start with one volatile store (a sequence number made odd)
 * and its end with a release store (made even again); {@link org.HdrHistogram.WriterReaderPhaser}
 * needs two atomic increments because any number of writers may enter at once.
 *
 * <p>A reader first makes new histograms active (volatile stores), then calls {@link #awaitWriter}:
 * if the writer is inside a record that began before the swap, it waits until that record ends.
 * Both sides store, then load what the other stored, all with volatile semantics, so either the
 * writer's next record sees the new histograms or the reader sees the record in progress and waits
 * for it (Dekker's argument). The writer never waits. A record is a few histogram increments, so a
 * reader waits at most that long (or until the writer's thread runs again, if it was descheduled
 * inside one); it never waits for a store call.
 *
 * <p>Readers must take turns (the caller holds a lock); only the writer thread may call
 * {@link #enter} and {@link #exit}.
 */
final class SingleWriterPhaser {
    private static final VarHandle SEQUENCE;

    static {
        try {
            SEQUENCE = MethodHandles.lookup().findVarHandle(SingleWriterPhaser.class, "sequence", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Odd while the writer is inside a record; each record adds two. */
    @SuppressWarnings("unused") // through SEQUENCE
    private volatile long sequence;

    /** Writer: a record starts; returns the token to give {@link #exit}. */
    long enter() {
        long s = (long) SEQUENCE.get(this); // only this thread writes it
        SEQUENCE.setVolatile(this, s + 1);
        return s;
    }

    /** Writer: the record that {@link #enter} returned {@code token} for has ended. */
    void exit(long token) {
        SEQUENCE.setRelease(this, token + 2);
    }

    /**
     * Reader, after making new histograms active: returns once no record that may still use the
     * old ones is in progress. The writer's records up to then happen-before the return.
     */
    void awaitWriter() {
        long s = (long) SEQUENCE.getVolatile(this);
        if ((s & 1) == 0) {
            return;
        }
        while ((long) SEQUENCE.getVolatile(this) == s) {
            Thread.yield();
        }
    }
}
