package org.openmark.timing;

/** Set when the user interrupts a run (Ctrl-C): drivers stop issuing new operations. */
public final class StopSignal {
    private volatile boolean stopped;

    /** Asks every driver to stop issuing. */
    public void stop() {
        stopped = true;
    }

    /** True once {@link #stop()} was called. */
    public boolean isStopped() {
        return stopped;
    }
}
