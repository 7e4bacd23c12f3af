package org.openmark.load.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.openmark.api.Session;
import org.openmark.api.Store;

/**
 * Sessions for operations that run on threads of their own (the open model in virtual time,
 * {@link ThreadPerOperation}; the staleness measurement's writes and probes): taken for one
 * operation and given back. The pool grows on demand; its size is bounded by the in-flight limit,
 * since a session is only held while its operation runs. Last in, first out, so a few warm
 * sessions do most of the work.
 */
public final class SessionPool implements AutoCloseable {
    private final Store store;
    private final ConcurrentLinkedDeque<Session> idle = new ConcurrentLinkedDeque<>();
    private final List<Session> all = new ArrayList<>();

    public SessionPool(Store store) {
        this.store = store;
    }

    public Session take() {
        Session s = idle.pollFirst();
        if (s != null) {
            return s;
        }
        s = store.newSession();
        synchronized (all) {
            all.add(s);
        }
        return s;
    }

    public void give(Session s) {
        idle.offerFirst(s);
    }

    /** How many sessions were opened. */
    int size() {
        synchronized (all) {
            return all.size();
        }
    }

    @Override
    public void close() {
        synchronized (all) {
            for (Session s : all) {
                try {
                    s.close();
                } catch (RuntimeException e) {
                    // Closing is best effort: a broken session must not hide the run's result.
                }
            }
        }
    }
}
