package org.openmark.load.dispatch;

import java.util.function.UnaryOperator;
import org.openmark.api.Session;

/**
 * The store session a dispatch's thread runs operations on (a pool worker's for its whole life, or
 * one operation's in virtual time), with what the load model keeps beside it: the view of it that
 * records inner calls, made on first use and kept so that a long run does not allocate one per
 * operation, and whether the session has opened its connection. Used by one thread at a time.
 */
public final class WorkerSession {
    private final Session session;
    private Session measured;
    private boolean opened;

    WorkerSession(Session session) {
        this.session = session;
    }

    /** The store's session. */
    public Session session() {
        return session;
    }

    /** The view of {@link #session} that records inner calls: {@code make}s it on the first call, then the same one. */
    public Session measured(UnaryOperator<Session> make) {
        if (measured == null) {
            measured = make.apply(session);
        }
        return measured;
    }

    /**
     * True on the first call only: the caller is the one to open the session's connection (one
     * round trip before the schedule begins); later calls find it opened.
     */
    public boolean firstOpening() {
        if (opened) {
            return false;
        }
        opened = true;
        return true;
    }
}
