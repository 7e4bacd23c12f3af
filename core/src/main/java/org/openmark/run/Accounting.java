package org.openmark.run;

import java.util.Map;
import org.openmark.api.Status;

/**
 * Where every issued operation went: {@code issued = warmUp + Σ statuses + unfinished +
 * lostWithWorker}. Inner calls of composite operations are not counted here (they are not units
 * of work).
 *
 * @param issued operations handed to the store
 * @param warmUp operations that completed during the warm-up (excluded from the histograms)
 * @param statuses operations that completed after the warm-up, per status
 * @param unfinished operations still outstanding when the run stopped
 * @param dropped operations the open model dropped for lack of a slot (never issued)
 * @param lostWithWorker operations a cluster worker issued but never reported finished, because
 *     the worker was lost (its process or machine went away) during the run
 */
public record Accounting(long issued, long warmUp, Map<Status, Long> statuses, long unfinished, long dropped,
        long lostWithWorker) {

    /** The accounting of a run in one process (nothing can be lost with a worker). */
    public Accounting(long issued, long warmUp, Map<Status, Long> statuses, long unfinished, long dropped) {
        this(issued, warmUp, statuses, unfinished, dropped, 0);
    }

    /** True when the counts add up. */
    public boolean addsUp() {
        return issued == warmUp + completed() + unfinished + lostWithWorker;
    }

    /** Operations that completed after the warm-up. */
    public long completed() {
        return statuses.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The operations the store failed, as its error budget counts them: every status but OK and
     * NOT_FOUND (a read of an absent key is an answer), and the operations never answered.
     */
    public long storeFailures() {
        long failed = unfinished;
        for (Map.Entry<Status, Long> e : statuses.entrySet()) {
            if (e.getKey() != Status.OK && e.getKey() != Status.NOT_FOUND) {
                failed += e.getValue();
            }
        }
        return failed;
    }

    /** Operations that completed with a status other than OK after the warm-up. */
    public long errors() {
        return completed() - statuses.getOrDefault(Status.OK, 0L);
    }
}
