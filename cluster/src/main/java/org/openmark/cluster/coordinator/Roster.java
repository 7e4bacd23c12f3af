package org.openmark.cluster.coordinator;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;
import org.apache.pekko.actor.Address;

/**
 * The admitted workers, in the order they joined: a worker's index is its place here. Messages
 * name their worker by index; an index nobody was admitted under is ignored, never trusted.
 * Owned by the coordinator's actor (one thread at a time).
 */
final class Roster implements Iterable<WorkerSlot> {
    private final List<WorkerSlot> workers = new ArrayList<>();
    private final List<WorkerSlot> view = Collections.unmodifiableList(workers);

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

    @Override
    public Iterator<WorkerSlot> iterator() {
        return view.iterator();
    }
}
