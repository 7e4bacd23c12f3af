package org.openmark.workload;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.openmark.api.Status;

/**
 * The checks of what reads returned against what was written, with {@code dataintegrity=true}: as
 * YCSB's {@code verifyRow}, the fields of a record the store answered compared with the values the
 * workload writes ({@link DeterministicValues}). OK when every field matches, UNEXPECTED_STATE when
 * one differs, ERROR when the store answered OK with no field at all (never valid for a record).
 *
 * <p>A check is not part of the read: the read's time and status are the store's call only. The
 * driver checks after it recorded the read, off its timekeeping, and records the check's own time
 * and outcome under {@value #NAME} ({@link Operation#hasDataToCheck}), as YCSB measures VERIFY
 * apart from READ. A read the store did not answer OK is not checked (YCSB checks it too and counts
 * a VERIFY ERROR): its status already says it failed. Every check is counted here, and a record a
 * failed one was found in kept, for the phase's verdict ({@link #judge}); thread safe.
 */
public final class DataChecks {
    /** The name the checks are reported under, YCSB's. */
    public static final String NAME = "VERIFY";

    private final DeterministicValues values;
    private final LongAdder checked = new LongAdder();
    private final LongAdder differed = new LongAdder();
    private final LongAdder empty = new LongAdder();
    /** The record of the latest failed check (a workload may serve several phases: a rating's experiments). */
    private volatile String lastFailedKey;

    DataChecks(DeterministicValues values) {
        this.values = values;
    }

    /** Checks the fields {@code cells} a read of record {@code key} returned; counts a failure. */
    Status check(String key, Map<String, byte[]> cells) {
        Status status = values.verify(key, cells);
        checked.increment();
        if (!status.isOk()) {
            (status == Status.UNEXPECTED_STATE ? differed : empty).increment();
            lastFailedKey = key;
        }
        return status;
    }

    /** What the checks found so far. */
    public Found found() {
        return new Found(checked.sum(), differed.sum(), empty.sum(), lastFailedKey);
    }

    /**
     * What the checks found.
     *
     * @param checked the reads checked
     * @param differed those with a field that differs from what was written (UNEXPECTED_STATE)
     * @param empty those the store answered OK with no field (ERROR)
     * @param exampleKey the record of the latest failed check, or null when none failed
     */
    public record Found(long checked, long differed, long empty, String exampleKey) {
        /** The failed checks. */
        public long failed() {
            return differed + empty;
        }

        /**
         * What was found after {@code before} (an earlier {@link #found()} of the same checks): one
         * phase's checks, the warm-up's included (a record read wrong is wrong whenever it was read).
         */
        public Found since(Found before) {
            long failedSince = failed() - before.failed();
            return new Found(checked - before.checked, differed - before.differed, empty - before.empty,
                    failedSince > 0 ? exampleKey : null);
        }
    }

    /**
     * The run's verdict on them: any failed check makes the run invalid, whatever the error budget
     * (the store answered, with data other than was written). Adds the reason to {@code warnings}.
     *
     * @return false when a check failed
     */
    public static boolean judge(Found found, List<String> warnings) {
        if (found.failed() == 0) {
            return true;
        }
        warnings.add(String.format(Locale.ROOT, "the store returned data other than was written for %,d of the %,d"
                + " records read and checked (dataintegrity; [%s] UNEXPECTED_STATE %,d: a field differs, ERROR %,d: no"
                + " field), for example record %s: the run is not valid", found.failed(), found.checked(), NAME,
                found.differed(), found.empty(), found.exampleKey()));
        return false;
    }
}
