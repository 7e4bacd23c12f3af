package org.openmark.cluster.worker;

import java.util.HashMap;
import java.util.Map;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.cluster.protocol.StalenessDone;
import org.openmark.cluster.protocol.StalenessPart;
import org.openmark.cluster.protocol.StalenessWire;
import org.openmark.consistency.StalenessConfig;
import org.openmark.consistency.StalenessMeasurement;
import org.openmark.consistency.StalenessResult;
import org.openmark.run.PhaseHooks;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.Seeds;

/**
 * A worker's share of a staleness measurement: its part of the writes, on keys of its own, with
 * its own writer and probers, timed by its own clock. Nothing streams while it runs; the counts
 * and histograms go to the coordinator at the end. (It loads nothing: it writes what it probes.)
 */
final class StalenessShare implements RunJob.Share {
    private static final String SIM_SEED = "sim.seed";

    private final StalenessConfig part;
    private final Store store;
    private final StopSignal stop;
    private final Clock clock;
    private final int index;

    private StalenessShare(int index, StalenessConfig part, Store store, StopSignal stop, Clock clock) {
        this.index = index;
        this.part = part;
        this.store = store;
        this.stop = stop;
        this.clock = clock;
    }

    /** Opens the store of the staleness measurement's part {@code plan}, worker {@code index}'s. */
    static StalenessShare open(StalenessPart plan, int index, StopSignal stop, Clock clock) {
        StoreFactory factory = StoreRegistry.discover().get("--store", plan.store());
        Map<String, String> props = new HashMap<>(plan.storeProperties());
        if (plan.seed() != null && factory.propertyNames().contains(SIM_SEED)) {
            // Each worker's own simulated store draws its own stream (a shared server has its own seed).
            props.putIfAbsent(SIM_SEED, Long.toString(Seeds.derive(plan.seed(), plan.share().index())));
        }
        return new StalenessShare(index, plan.part(), factory.open(StoreProperties.of(props), clock), stop, clock);
    }

    @Override
    public Prepared prepared() {
        return new Prepared(index, false, store.isEmbedded());
    }

    @Override
    public RunEnd measure(Load load, PhaseHooks.StartGate gate) throws InterruptedException {
        gate.awaitStart();
        CpuMeter cpu = new CpuMeter(clock);
        StalenessResult result = new StalenessMeasurement(part, clock, Tasks.real(), stop).run(store);
        return new RunEnd.Measured(new StalenessDone(index, StalenessWire.of(result), store.facts(), cpu.lap()), null);
    }

    @Override
    public void close() {
        store.close();
    }
}
