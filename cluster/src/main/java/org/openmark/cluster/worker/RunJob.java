package org.openmark.cluster.worker;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreUnreachableException;
import org.openmark.cluster.protocol.Failed;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.Plan;
import org.openmark.cluster.protocol.PhasePlan;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.cluster.protocol.Ready;
import org.openmark.cluster.protocol.StalenessPart;
import org.openmark.config.ConfigException;
import org.openmark.run.PhaseHooks;

/**
 * A worker's share of one run, on a thread of its own (it blocks: it is a benchmark run): open the
 * store and say what it found, load as the coordinator decided, say it is ready and wait at the
 * start gate, measure, and hand back what to report ({@link RunEnd}). The steps are the same for a
 * load or run phase ({@link PhaseShare}) and a staleness measurement ({@link StalenessShare}); what
 * each kind of run does at them is its {@link Share}. The coordinator's cues come through the
 * worker's actor ({@link RunCues}); what goes to the run's actor before the measurement goes
 * straight there, the result through the actor, after the intervals it holds.
 */
final class RunJob {
    /** What one kind of run does at the steps of a {@link RunJob}. */
    interface Share extends AutoCloseable {
        /** What the worker tells the run's actor once its store is open. */
        Prepared prepared();

        /** Loads as decided, waits at {@code gate} (which says the worker is ready), measures; what to report. */
        RunEnd measure(Load load, PhaseHooks.StartGate gate) throws IOException, InterruptedException;

        /** Closes the store (and whatever else the share opened). */
        @Override
        void close();
    }

    private final Plan plan;
    private final RunCues cues;
    private final ActorRef<WorkerActor.Command> worker;
    private final Path ownLogs;
    private final PhaseWatch watch;
    private final Clock clock;
    private final PrintStream err;

    /**
     * @param worker the worker's actor, which sends the run's intervals on
     * @param ownLogs where the worker keeps its own interval log of each run, or null
     * @param watch what watches each phase live
     */
    RunJob(Plan plan, RunCues cues, ActorRef<WorkerActor.Command> worker, Path ownLogs, PhaseWatch watch, Clock clock,
            PrintStream err) {
        this.plan = plan;
        this.cues = cues;
        this.worker = worker;
        this.ownLogs = ownLogs;
        this.watch = watch;
        this.clock = clock;
        this.err = err;
    }

    /** Does the share, telling the run's actor how it goes; returns what is left to report. */
    RunEnd run() {
        Share share;
        try {
            share = open();
        } catch (ConfigException | StoreConfigException e) {
            return failed(e.getMessage(), true, false);
        } catch (StoreUnreachableException e) {
            return failed(e.getMessage(), false, true);
        } catch (RuntimeException e) {
            return failed(String.valueOf(e.getMessage()), false, false);
        }
        try (share) {
            plan.replyTo().tell(share.prepared());
            Load load = cues.awaitGo();
            return share.measure(load, () -> {
                plan.replyTo().tell(new Ready(plan.index()));
                new StartGate(clock, cues.stop()).await(cues.awaitStartAt());
            });
        } catch (RunCues.Abandoned e) {
            return new RunEnd.Unreported(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new RunEnd.Unreported("interrupted while it ran");
        } catch (ConfigException e) {
            return failed(e.getMessage(), true, false);
        } catch (IOException | RuntimeException e) {
            return failed(String.valueOf(e.getMessage()), false, false);
        }
    }

    private Share open() {
        return switch (plan.config()) {
            case StalenessPart part -> StalenessShare.open(part, plan.index(), cues.stop(), clock);
            case PhasePlan phase -> {
                IntervalForwarder forwarder = new IntervalForwarder(worker, plan.index(), clock);
                Path ownLog = ownLogs == null ? null : ownLogs.resolve("run-" + plan.run()).resolve("latency.hlog");
                yield PhaseShare.open(plan.index(), phase.toRunConfig(), cues, forwarder, ownLog, watch, clock, err);
            }
        };
    }

    private RunEnd failed(String reason, boolean badInput, boolean storeUnreachable) {
        plan.replyTo().tell(new Failed(plan.index(), reason, badInput, storeUnreachable));
        return new RunEnd.Unreported(null);
    }
}
