package org.openmark.run;

import java.time.Duration;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.OverloadPolicy;
import org.openmark.load.RateSchedule;

/**
 * How a phase issues its operations: the open model's schedule of arrivals, or the closed model's
 * client threads. Each holds only its own options, so a closed run has no arrival process and an
 * open one no thread count; code that needs one of them asks which model it has
 * ({@code switch (cfg.model())} or {@code instanceof}), and the compiler sees every case.
 */
public sealed interface Model permits Model.Open, Model.Closed {

    /** Which model this is, as a word for results and the cluster's wire. */
    ModelChoice choice();

    /** The closed model the load phase of a run of this model uses (loading inserts each record once). */
    Closed forLoad();

    /**
     * The open model: operations at their intended times whatever the store does.
     *
     * @param arrival the arrival process
     * @param schedule the target rate over time
     * @param maxInFlight the bound on outstanding operations
     * @param onOverload wait or drop when the bound is reached
     */
    record Open(ArrivalProcess arrival, RateSchedule schedule, int maxInFlight, OverloadPolicy onOverload)
            implements Model {

        @Override
        public ModelChoice choice() {
            return ModelChoice.OPEN;
        }

        /** YCSB's load phase: one unpaced client thread (an open run cannot set threads of its own). */
        @Override
        public Closed forLoad() {
            return Closed.DEFAULT;
        }

        /** True when the rate is one number for the whole run (not a schedule). */
        public boolean constantRate() {
            return schedule instanceof RateSchedule.Constant;
        }
    }

    /**
     * The closed model: YCSB's client threads, each waiting for its previous operation.
     *
     * @param threads client threads (a closed run's load phase uses as many)
     * @param targetPerSec the total target rate in ops/s, 0 = unpaced
     * @param thinkTime the pause after each operation
     */
    record Closed(int threads, double targetPerSec, Duration thinkTime) implements Model {
        /** YCSB's defaults: one unpaced thread that does not pause. */
        public static final Closed DEFAULT = new Closed(Defaults.THREADS, Defaults.TARGET_PER_SEC,
                Defaults.THINK_TIME);

        @Override
        public ModelChoice choice() {
            return ModelChoice.CLOSED;
        }

        /** The load phase of a closed run: its own threads, target and think time. */
        @Override
        public Closed forLoad() {
            return this;
        }

        /** True when a target rate paces the threads (YCSB's -target). */
        public boolean paced() {
            return targetPerSec > 0;
        }
    }
}
