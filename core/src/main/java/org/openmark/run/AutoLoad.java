package org.openmark.run;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.workload.Workload;

/**
 * The automatic load before a run on a store that knows it is empty ({@code autoload}): it says
 * what it is about to load, shows its progress as {@code load} does, and ends one of three ways. A
 * stop in the middle of it ends the command with what was loaded, saying so; a store that stopped
 * answering while it was loaded is not run against; otherwise a note says what was loaded, and
 * the run follows.
 */
final class AutoLoad {
    private AutoLoad() {
    }

    /**
     * Loads the workload's records into {@code store}.
     *
     * @param warnings the run's warnings so far, added to
     * @param notes the run's notes so far, added to (and said on {@code err})
     * @return the load's result when it was interrupted (the command's result then: nothing was
     *     run), or null to go on with the run
     * @throws StoreException when the store stopped answering during the load
     */
    static RunResult first(Runner runner, RunConfig cfg, Workload workload, Store store, PrintStream err,
            List<String> warnings, List<String> notes) throws InterruptedException {
        err.println(String.format(Locale.ROOT, "openmark: store '%s' is empty: loading %,d records first with"
                + " %d threads (-p autoload=false skips this)", cfg.store(), workload.loadOperationCount(),
                Runner.loadThreads(cfg)));
        RunResult load = runner.load(cfg, workload, store);
        if (load.interrupted()) {
            // Stopped while loading: what was loaded is the result; nothing was run.
            String note = String.format(Locale.ROOT, "the automatic load was interrupted after %,d of %,d"
                    + " records; nothing was run", load.accounting().completed(), workload.loadOperationCount());
            err.println("openmark: " + note);
            return load.withNotes(note);
        }
        if (load.accounting().unfinished() > 0 || load.accounting().issued() < workload.loadOperationCount()) {
            // A store that stopped answering while it was loaded is not run against.
            String why = load.warnings().stream().filter(w -> w.contains("(loadstalltimeout)")).findFirst()
                    .orElse(load.accounting().unfinished() + " inserts were never answered");
            throw new StoreException("the automatic load of store '" + cfg.store() + "' stopped after "
                    + load.accounting().completed() + " of " + workload.loadOperationCount() + " records: "
                    + why + "; nothing was run");
        }
        // In virtual time the load takes no time at all: no rate to speak of.
        String took = load.runtimeMs() > 0
                ? String.format(Locale.ROOT, "in %.1f s (%.0f ops/s, ", load.runtimeMs() / 1000.0, load.throughput())
                : "in no time (" + (cfg.virtualTime() ? "virtual time, " : "");
        String note = String.format(Locale.ROOT, "store '%s' was empty: loaded %d records first %s%d errors;"
                + " -p autoload=false skips this)", cfg.store(), load.accounting().completed(), took,
                load.accounting().errors());
        notes.add(note);
        err.println("openmark: " + note);
        if (load.accounting().errors() > 0) {
            warnings.add("the automatic load had " + load.accounting().errors() + " errors");
        }
        return null;
    }
}
