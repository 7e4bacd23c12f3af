package org.openmark.cluster.worker;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.cluster.StalenessPlan;
import org.openmark.cluster.coordinator.RunActor;
import org.openmark.cluster.coordinator.CoordinatorActor.Plan;
import org.openmark.cluster.coordinator.RunActor.Failed;
import org.openmark.cluster.coordinator.RunActor.Go;
import org.openmark.cluster.coordinator.RunActor.Prepared;
import org.openmark.cluster.coordinator.RunActor.Ready;
import org.openmark.cluster.coordinator.RunActor.StalenessDone;
import org.openmark.cluster.coordinator.RunActor.StartAt;
import org.openmark.cluster.protocol.StalenessWire;
import org.openmark.cluster.worker.CoordinatorLink.LostException;
import org.openmark.config.ConfigException;
import org.openmark.consistency.StalenessConfig;
import org.openmark.consistency.StalenessMeasurement;
import org.openmark.consistency.StalenessResult;
import org.openmark.load.Share;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.Seeds;

/**
 * A worker's part of a staleness measurement: its part of the writes, on keys of its own, with
 * its own writer and probers, timed by its own clock. Nothing streams while it runs; the counts
 * and histograms go to the coordinator at the end.
 */
final class StalenessJob {
    private static final String SIM_SEED = "sim.seed";

    private final CoordinatorLink link;
    private final StopSignal stop;
    private final Clock clock;
    private final PrintStream err;

    StalenessJob(CoordinatorLink link, StopSignal stop, Clock clock, PrintStream err) {
        this.link = link;
        this.stop = stop;
        this.clock = clock;
        this.err = err;
    }

    /** Runs the plan, telling the run's actor ({@code runActor}) how it goes; returns 0, or 1 if it failed. */
    int run(Plan p, ActorRef<RunActor.FromWorker> runActor, int index) throws InterruptedException {
        StalenessPlan plan;
        Share share = Share.parse("share", p.settings().get("share"));
        StalenessConfig part;
        Store store;
        try {
            plan = StalenessPlan.fromSettings(p.settings());
            part = plan.part(share);
            StoreFactory factory = StoreRegistry.discover().get("--store", plan.store());
            Map<String, String> props = new HashMap<>(plan.storeProperties());
            if (plan.seed() != null && factory.propertyNames().contains(SIM_SEED)) {
                // Each worker's own simulated store draws its own stream (a shared server has its own seed).
                props.putIfAbsent(SIM_SEED, Long.toString(Seeds.derive(plan.seed(), share.index())));
            }
            store = factory.open(StoreProperties.of(props), clock);
        } catch (ConfigException | StoreConfigException e) {
            runActor.tell(new Failed(index, e.getMessage(), true));
            return 1;
        } catch (RuntimeException e) {
            runActor.tell(new Failed(index, String.valueOf(e.getMessage()), false));
            return 1;
        }
        try (store) {
            runActor.tell(new Prepared(index, false, store.isEmbedded()));
            link.expect(Go.class, p.run());
            runActor.tell(new Ready(index));
            new StartGate(clock, stop).await(link.expect(StartAt.class, p.run()).workerEpochMicros());
            CpuMeter cpu = new CpuMeter(clock);
            StalenessResult result = new StalenessMeasurement(part, clock, Tasks.real(), stop).run(store);
            double cpuPercent = cpu.lap();
            if (link.gone()) {
                say("the coordinator was lost: its part (" + result.writes() + " writes) is not reported");
                return 1;
            }
            runActor.tell(new StalenessDone(index, StalenessWire.of(result), store.facts(), cpuPercent));
            return 0;
        } catch (LostException e) {
            say(e.getMessage());
            return 1;
        } catch (TimeoutException e) {
            say("the coordinator gave no instruction within a day");
            return 1;
        } catch (RuntimeException e) {
            runActor.tell(new Failed(index, String.valueOf(e.getMessage()), false));
            return 1;
        }
    }

    private void say(String line) {
        err.println("openmark worker: " + line);
    }
}
