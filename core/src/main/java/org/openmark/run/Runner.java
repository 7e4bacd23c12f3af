package org.openmark.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.api.StoreUnreachableException;
import org.openmark.config.ConfigException;
import org.openmark.config.Durations;
import org.openmark.config.Settings;
import org.openmark.config.Suggestions;
import org.openmark.load.ClosedModel;
import org.openmark.load.LoadModel;
import org.openmark.load.OpenModel;
import org.openmark.output.IntervalSink;
import org.openmark.output.OutputPaths;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.txn.Transactions;
import org.openmark.txn.TxnWorkload;
import org.openmark.workload.DataChecks;
import org.openmark.workload.MissingRecords;
import org.openmark.workload.ReportSection;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadSettings;

/**
 * Orchestrates a whole phase: opens the store and the workload, loads an empty store first
 * when running, runs the phase with its load model, validates, and returns the result. The
 * caller (the CLI) renders the reports.
 */
public final class Runner {
    /** Creates the workload from the run's typed workload settings ({@code Workloads::create}; a test's own). */
    @FunctionalInterface
    public interface WorkloadFactory {
        /**
         * @param settings the run's workload settings ({@link RunConfig#workload()})
         * @param operationCount the run's operation count when a count bounds it (YCSB sizes the
         *     zipfian key range with it), else empty
         */
        Workload create(WorkloadSettings settings, Clock clock, java.util.OptionalLong operationCount);
    }

    /**
     * Properties YCSB users pass that a run does not read (no unknown-property warning): the
     * command that prints the report reads exporter and exportfile; measurementtype and the .hdr files'
     * properties are read when the configuration is (YcsbMeasurement); the rest do not matter here.
     */
    private static final Set<String> TOLERATED = Set.of(ConfigNotes.MEASUREMENT_TYPE, "measurement.interval",
            "measurement.histogram.verbose", "exporter", "exportfile", ConfigNotes.HDR_FILE_OUTPUT,
            "hdrhistogram.output.path", "histogram.buckets", org.openmark.workload.WorkloadProperties.WORKLOAD,
            RunProperties.DB, "dotransactions");

    private final StoreRegistry stores;
    private final WorkloadFactory workloads;
    private final Clock clock;
    private final Tasks tasks;
    private final StopSignal stop;
    private final PrintStream err;
    private final List<IOException> outputFailures = new java.util.concurrent.CopyOnWriteArrayList<>();
    private java.util.function.Consumer<Path> beforeOutputs = dir -> { };

    public Runner(StoreRegistry stores, WorkloadFactory workloads, Clock clock, Tasks tasks, StopSignal stop,
            PrintStream err) {
        this.stores = stores;
        this.workloads = workloads;
        this.clock = clock;
        this.tasks = tasks;
        this.stop = stop;
        this.err = err;
    }

    /**
     * Has {@code action} run on the output directory once the store answered and before anything is
     * written into it (a command that replaces another run's files deletes them then).
     */
    public Runner beforeOutputs(java.util.function.Consumer<Path> action) {
        this.beforeOutputs = action;
        return this;
    }

    /** True once the user stopped the command (Ctrl-C, SIGTERM): nothing more should start. */
    public boolean stopped() {
        return stop.isStopped();
    }

    /** Runs the configured phase (loading first when needed) and returns its result. */
    public RunResult execute(RunConfig cfg) throws InterruptedException, IOException {
        return execute(cfg, PhaseHooks.NONE);
    }

    /**
     * Runs the configured phase (loading first when needed) with {@code hooks} added to the phase
     * itself (not to the automatic load), and returns its result.
     */
    public RunResult execute(RunConfig cfg, PhaseHooks hooks) throws InterruptedException, IOException {
        StoreFactory factory = stores.get(RunProperties.STORE, cfg.store());
        Workload workload = createWorkload(cfg);
        HeapBudget.check(cfg, workload, factory.keepsRecordsInHeap(StoreProperties.of(cfg.recordedProperties())),
                cfg.phase() == Phase.RUN && cfg.autoLoad() ? loadThreads(cfg) : 0, Runtime.getRuntime().maxMemory());
        if (cfg.output().outDir() != null) {
            OutputPaths.checkDirectory("--out", cfg.output().outDir());
        }
        // a store that hands every property on (a YCSB binding) may read any: a note, not warnings
        boolean passesOn = factory.passesOnAllProperties();
        // its code's names (YCSB's core, the binding's) are noted as passed on; any other unread one is warned about
        org.openmark.api.PassedOnNames theirs = passesOn
                ? factory.passedOnNames(StoreProperties.of(cfg.recordedProperties())) : null;
        List<String> warnings = new ArrayList<>(ConfigNotes.unknownProperties(cfg.settings(), theirs));
        java.util.Optional<String> passedOn = passesOn ? ConfigNotes.passedOn(cfg.settings(), theirs)
                : java.util.Optional.empty();
        try (Store store = open(factory, cfg)) {
            if (!tasks.realTime() && !store.isEmbedded()) {
                throw ConfigException.of("--time", "virtual", "needs a store inside this process (sim without"
                        + " sim.host/sim.port, memory, noop, rocksdb): store '" + cfg.store() + "' answers in real time");
            }
            int preflightCalls = Preflight.check(store, cfg.store(), workload.table(), tasks.realTime(), clock);
            checkTimePasses(cfg, store);
            // Only now, with the store known to answer: a refused store leaves nothing behind.
            if (cfg.output().outDir() != null) {
                prepareOutDir(cfg.output().outDir());
                beforeOutputs.accept(cfg.output().outDir());
            }
            err.println("openmark " + cfg.phase().name().toLowerCase(Locale.ROOT) + ": store " + cfg.store() + ", "
                    + modelOf(cfg).describe() + ", seed " + cfg.seed());
            List<String> notes = new ArrayList<>();
            Preflight.note(preflightCalls, workload.table(), cfg.model() instanceof Model.Open).ifPresent(notes::add);
            passedOn.ifPresent(note -> say(notes, note));
            ConfigNotes.of(cfg).forEach(note -> say(notes, note));
            if (!tasks.realTime() && !store.callsTakeTime()) {
                say(notes, "virtual time: store '" + cfg.store() + "' answers in no virtual time, so every service"
                        + " time is 0 and the response times are only the waits for the schedule; the simulated store"
                        + " models latency (--store sim -p sim.latency=1ms)");
            }
            if (cfg.phase() == Phase.RUN && cfg.autoLoad() && store.isKnownEmpty(workload.table())) {
                RunResult interrupted = AutoLoad.first(this, cfg, workload, store, err, warnings, notes);
                if (interrupted != null) {
                    return interrupted;
                }
            }
            return runOn(cfg, workload, store, warnings, notes, hooks);
        }
    }

    /**
     * The workload of a configuration; marks the store's and tolerated properties as known. The
     * output directory is not created here: {@link #execute} creates it once the store answered.
     */
    public Workload createWorkload(RunConfig cfg) {
        StoreFactory factory = stores.get(RunProperties.STORE, cfg.store());
        Settings settings = cfg.settings();
        settings.reads().markKnown(factory.propertyNames());
        settings.reads().markKnown(TOLERATED);
        return Transactions.wrap(workloads.create(cfg.workload(), clock, cfg.operationCount() > 0
                ? java.util.OptionalLong.of(cfg.operationCount()) : java.util.OptionalLong.empty()), cfg.transactions(),
                clock);
    }

    /**
     * Opens the configured store (errors in its properties are bad input) and checks that it answers.
     *
     * @throws org.openmark.api.StoreUnreachableException when it does not
     */
    public Store openStore(RunConfig cfg) {
        Store store = open(stores.get(RunProperties.STORE, cfg.store()), cfg);
        try {
            Preflight.check(store, cfg.store(), createWorkloadQuietly(cfg), tasks.realTime(), clock);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        return store;
    }

    /**
     * Refuses bad input as a run in this process would, without opening the store: the workload
     * and the store's properties. A cluster's coordinator calls it before any worker is contacted.
     */
    public void check(RunConfig cfg) {
        createWorkloadQuietly(cfg);
        StoreFactory factory = stores.get(RunProperties.STORE, cfg.store());
        try {
            factory.validate(StoreProperties.of(cfg.recordedProperties()));
        } catch (StoreConfigException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /** The workload's table. */
    private String createWorkloadQuietly(RunConfig cfg) {
        return workloads.create(cfg.workload(), clock, java.util.OptionalLong.empty()).table();
    }

    /**
     * Runs the configured phase on an open store and validates it afterwards.
     *
     * @param warnings found before (unknown properties), put first in the result
     * @param notes said before (automatic load), put first in the result
     */
    public RunResult runOn(RunConfig cfg, Workload workload, Store store, List<String> warnings, List<String> notes)
            throws InterruptedException, IOException {
        return runOn(cfg, workload, store, warnings, notes, PhaseHooks.NONE);
    }

    /** {@link #runOn(RunConfig, Workload, Store, List, List)} with sinks and a start gate added. */
    public RunResult runOn(RunConfig cfg, Workload workload, Store store, List<String> warnings, List<String> notes,
            PhaseHooks hooks) throws InterruptedException, IOException {
        checkTimePasses(cfg, store);
        if (workload instanceof TxnWorkload units && units.config().enabled() && !store.hasTransactions()) {
            workload = units.inner(); // figures of start/commit/abort would describe no transaction
            notes = new ArrayList<>(notes);
            notes.add(TxnWorkload.withoutTransactionsNote(cfg.store()));
        }
        // Records must be there only where something was loaded: a run on an empty store reads nothing it lost.
        boolean checkRecords = cfg.phase() == Phase.RUN && workload.missingRecords() != null;
        boolean loaded = checkRecords && !store.isKnownEmpty(workload.table());
        DataChecks.Found checkedBefore = workload.dataChecks() == null ? null : workload.dataChecks().found();
        RunResult result = runPhase(cfg, workload, store, hooks);
        var validation = cfg.phase() == Phase.RUN ? workload.validate(store).orElse(null) : null;
        List<String> allWarnings = new ArrayList<>(warnings);
        allWarnings.addAll(result.warnings());
        if (validation != null && !validation.passed()) {
            allWarnings.add(validation.failure());
        }
        List<String> allNotes = new ArrayList<>(notes);
        allNotes.addAll(result.notes());
        boolean valid = result.valid() && (validation == null || validation.passed());
        List<ReportSection> sections = new ArrayList<>(workload.reportSections());
        sections.addAll(result.sections()); // the phase's own (YCSB's time series)
        if (checkRecords) {
            MissingRecords.Found found = workload.missingRecords().found();
            valid &= MissingRecords.judge(found, loaded, result.accounting().storeFailures(),
                    result.accounting().completed() + result.accounting().unfinished(), cfg.thresholds().maxErrorRate(),
                    allWarnings, allNotes);
            sections.add(MissingRecords.section(found, loaded));
        }
        if (checkedBefore != null) {
            valid &= DataChecks.judge(workload.dataChecks().found().since(checkedBefore), allWarnings);
        }
        return new RunResult(result.openmarkVersion(), result.seed(), result.seedChosen(), result.phase(),
                result.model(), result.paced(), result.openModel(), result.store(), result.storeFacts(), result.config(),
                result.startEpochMs(), result.runtimeMs(), result.throughput(), result.operations(),
                result.accounting(), result.schedule(), result.unfinishedLatency(), allWarnings, allNotes, valid,
                result.interrupted(), validation, result.percentiles(), sections, result.workers(),
                result.outages(), result.events(), result.form());
    }

    /**
     * Refuses a run that virtual time could never end: one bound only by its duration, whose
     * clients wait for nothing but the store (the closed model without -target or think time), on
     * a store whose calls take no time ({@link Store#callsTakeTime}). Its clock would stand still
     * at the start while the clients issue operations without end. (A store whose calls take time
     * only now and then may still stand still; the closed model finds that out as it runs.)
     *
     * @throws ConfigException for such a run, naming what would make time pass
     */
    public void checkTimePasses(RunConfig cfg, Store store) {
        if (tasks.realTime() || cfg.phase() != Phase.RUN || !(cfg.model() instanceof Model.Closed closed)
                || closed.paced() || !closed.thinkTime().isZero() || cfg.operationCount() > 0
                || store.callsTakeTime()) {
            return;
        }
        throw ConfigException.of("--time", "virtual", "store '" + cfg.store() + "' answers in no virtual time and"
                + " the closed model waits for nothing else, so the run would never reach the end of its duration ("
                + Durations.format(cfg.duration()) + "); " + ClosedModel.WHAT_MAKES_TIME_PASS);
    }

    private void say(List<String> notes, String note) {
        notes.add(note);
        err.println("openmark: " + note);
    }

    /**
     * The store, given the properties that say what the run is ({@link RunConfig#recordedProperties()}: a
     * derived run's store sees what a run parsed from them would) and the run's seed (chosen or not) as
     * {@code seed}: the simulated store draws from it.
     */
    private Store open(StoreFactory factory, RunConfig cfg) {
        java.util.Map<String, String> properties = new java.util.HashMap<>(cfg.recordedProperties());
        properties.putIfAbsent(RunProperties.SEED, Long.toString(cfg.seed()));
        try {
            return factory.open(StoreProperties.of(properties), clock);
        } catch (StoreConfigException e) {
            throw new ConfigException(e.getMessage());
        } catch (StoreUnreachableException e) {
            // a store that connects when it opens (cassandra) finds out here, not in the preflight
            throw new StoreUnreachableException("cannot reach store '" + factory.name() + "': " + e.getMessage());
        } catch (StoreException e) {
            throw new StoreException("cannot open store '" + factory.name() + "': " + e.getMessage(), e);
        }
    }

    /** Loads the workload's records with as many threads as there are cores (at least -threads). */
    public RunResult load(RunConfig cfg, Workload workload, Store store) throws InterruptedException {
        LoadModel model = new ClosedModel(loadThreads(cfg), 0, Duration.ZERO, true);
        // Its progress shows as the load command's does, unless the run is quiet.
        boolean quiet = cfg.output().quiet();
        return new PhaseRunner(clock, tasks, stop, quiet ? null : err).run(cfg.forLoad(quiet), model,
                workload, store, workload.loadOperationCount(), Duration.ZERO, List.of());
    }

    /** The threads of an automatic load: one per core, at least the run's -threads. */
    static int loadThreads(RunConfig cfg) {
        return Math.max(cfg.model().forLoad().threads(), Runtime.getRuntime().availableProcessors());
    }

    private RunResult runPhase(RunConfig cfg, Workload workload, Store store, PhaseHooks hooks)
            throws InterruptedException, IOException {
        LoadModel model = modelOf(cfg);
        long count = cfg.phase() == Phase.LOAD ? workload.loadOperationCount() : cfg.operationCount();
        Duration duration = cfg.phase() == Phase.LOAD ? Duration.ZERO : cfg.duration();
        if (cfg.phase() == Phase.LOAD && count == 0) {
            throw new ConfigException("recordcount/insertcount is 0: the load phase has nothing to insert");
        }
        IntervalFiles files = new IntervalFiles(cfg.output().outDir(), cfg.seed(), cfg.output().ycsb(),
                ReportBlocks.of(cfg));
        RunResult result;
        try {
            List<IntervalSink> all = new ArrayList<>(files.sinks());
            all.addAll(hooks.sinks());
            result = new PhaseRunner(clock, tasks, stop, err).run(cfg, model, workload, store, count, duration, all,
                    hooks.gate(), hooks.log());
        } catch (InterruptedException | RuntimeException e) {
            files.abandon();
            throw e;
        }
        return files.close(result, outputFailures);
    }

    /** The output files of the phases run so far that could not be written, each naming its file. */
    public List<IOException> outputFailures() {
        return List.copyOf(outputFailures);
    }

    /** The load model a configuration asks for. */
    public static LoadModel modelOf(RunConfig cfg) {
        return switch (cfg.model()) {
            case Model.Closed c -> new ClosedModel(c.threads(), c.targetPerSec(), c.thinkTime(),
                    cfg.phase() == Phase.LOAD, cfg.share());
            case Model.Open o -> new OpenModel(o.arrival(), o.schedule(), o.maxInFlight(), o.onOverload(), cfg.share());
        };
    }

    private static void prepareOutDir(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw ConfigException.of("--out", dir.toString(), "cannot create the directory (" + e.getMessage() + ")");
        }
        if (!Files.isWritable(dir)) {
            throw ConfigException.of("--out", dir.toString(), "the directory is not writable");
        }
    }

}
