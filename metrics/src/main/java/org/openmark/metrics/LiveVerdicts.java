package org.openmark.metrics;

import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;

/**
 * The two verdicts as they stand while a phase runs, by the first test of each rule the report
 * applies at the end: the generator holds while the measured send-lag p99 is within
 * {@code --max-send-lag} and nothing was dropped (open model; the closed model's generator is
 * not judged live); the store holds while its failures (every status but OK and NOT_FOUND) are
 * within the error budget of the operations ended. As in the report, the send lag of a phase
 * without a warm-up is not judged in its first second (the process's cold start). The report's
 * verdict, which also weighs who caused a lag and stalls, replaces these when the phase ends.
 */
final class LiveVerdicts {
    private final Histogram measuredLag = Measurements.newHistogram();
    private RunFacts facts;
    private long ended;
    private long failed;
    private long dropped;

    void start(RunFacts f) {
        facts = f;
        measuredLag.reset();
        ended = 0;
        failed = 0;
        dropped = 0;
    }

    /** How long a phase without a warm-up counts as starting up (as the report's verdict has it). */
    static final double START_UP_SECONDS = 1;

    /**
     * A measured interval.
     *
     * @param endSeconds the interval's end since the phase started
     */
    void add(IntervalSnapshot s, double endSeconds) {
        double startSeconds = endSeconds - (s.endMillis() - s.startMillis()) / 1000.0;
        if (facts.warmupSeconds() > 0 || startSeconds >= START_UP_SECONDS) {
            measuredLag.add(s.sendLag());
        }
        s.response().forEach((Channel c, Histogram h) -> {
            if (!c.inner()) {
                ended += h.getTotalCount();
                if (c.status() != Status.OK && c.status() != Status.NOT_FOUND) {
                    failed += h.getTotalCount();
                }
            }
        });
    }

    void dropped(long droppedSoFar) {
        dropped = droppedSoFar;
    }

    boolean generatorHolds() {
        if (facts == null || !facts.openModel() || measuredLag.getTotalCount() == 0) {
            return dropped == 0;
        }
        return dropped == 0 && measuredLag.getValueAtPercentile(99) / 1e6 <= facts.maxSendLagSeconds();
    }

    boolean storeHolds() {
        return facts == null || failed <= facts.maxErrorRate() * ended;
    }
}
