package org.openmark.cluster.coordinator;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.apache.pekko.actor.Address;
import org.openmark.cluster.protocol.Finish;

/**
 * The admitted workers, in the order they joined: a worker's index is its place here. Messages
 * name their worker by index; an index nobody was admitted under is ignored, never trusted.
 * Owned by the coordinator's actor (one thread at a time).
 */
final class Roster implements Iterable<WorkerSlot> {
    private final List<WorkerSlot> workers = new ArrayList<>();
    private final List<WorkerSlot> view = Collections.unmodifiableList(workers);
    /** The workers told to finish that have not gone yet; null while none was told. */
    private Set<Integer> leaving;

    /** Admits {@code candidate} under the next index. */
    WorkerSlot admit(WorkerSlot candidate) {
        WorkerSlot slot = new WorkerSlot(workers.size(), candidate.ref, candidate.address, candidate.host,
                candidate.cores, candidate.pid);
        workers.add(slot);
        return slot;
    }

    int size() {
        return workers.size();
    }

    /** The worker with this index. */
    WorkerSlot get(int index) {
        return workers.get(index);
    }

    /**
     * The worker a message says it comes from, or null for an index no admitted worker has (a
     * message from a node that was refused, or a malformed one).
     */
    WorkerSlot byIndex(int index) {
        return index >= 0 && index < workers.size() ? workers.get(index) : null;
    }

    /** The worker on the node at {@code address}, or null. */
    WorkerSlot at(Address address) {
        for (WorkerSlot w : workers) {
            if (w.ref.path().address().equals(address)) {
                return w;
            }
        }
        return null;
    }

    boolean all(Predicate<WorkerSlot> p) {
        return workers.stream().allMatch(p);
    }

    boolean any(Predicate<WorkerSlot> p) {
        return workers.stream().anyMatch(p);
    }

    /** The workers as they are now (a read-only view that follows the roster). */
    List<WorkerSlot> view() {
        return view;
    }

    /** The workers as they are now, copied. */
    List<WorkerSlot> copy() {
        return List.copyOf(workers);
    }

    /**
     * Tells every worker still there that the session is over ({@link Finish}), once in the session:
     * a session given up told them why already, and its end tells them nothing more.
     */
    void finish(boolean success, String reason) {
        if (leaving != null) {
            return;
        }
        leaving = new TreeSet<>();
        for (WorkerSlot w : workers) {
            if (!w.lost()) {
                w.ref.tell(new Finish(success, reason));
                leaving.add(w.index);
            }
        }
    }

    /** Worker {@code w} leaves, or went (its actor stopped, or its node left). */
    void left(WorkerSlot w) {
        if (leaving != null) {
            leaving.remove(w.index);
        }
    }

    /** True once the workers were told to finish and every one of them leaves or has gone. */
    boolean allLeft() {
        return leaving != null && leaving.isEmpty();
    }

    @Override
    public Iterator<WorkerSlot> iterator() {
        return view.iterator();
    }
}
