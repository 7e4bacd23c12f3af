package org.openmark.rating;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs each load level at most once: a repeated request returns the earlier result (a memo
 * hit). Logs every request in order, with the search phase that made it, so a report shows the
 * total and unique experiment counts. Confirmation runs pass through unmemoized (they are
 * longer experiments, not repeats). Not thread-safe: a rating runs one experiment at a time.
 *
 * <p>An invalid experiment (the load generator could not keep its schedule: a GC pause, another
 * tenant on the machine) is repeated once, and the repeat's result stands. Both are logged. A
 * passing disturbance so costs one more experiment instead of the rating; an experiment that is
 * invalid twice is the generator's limit, and the search stops there.
 */
public final class MemoizingExperimenter implements Experimenter {
    private final Experimenter delegate;
    private final Map<Long, ExperimentResult> byLoad = new HashMap<>();
    private final List<ExperimentRecord> log = new ArrayList<>();
    private String phase = "search";
    private int repeats;

    public MemoizingExperimenter(Experimenter delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** Labels the following requests (e.g. {@code climb}, {@code golden}). */
    public void phase(String name) {
        this.phase = Objects.requireNonNull(name, "name");
    }

    @Override
    public ExperimentResult run(long loadLevel) {
        ExperimentResult known = byLoad.get(loadLevel);
        if (known != null) {
            log.add(new ExperimentRecord(log.size() + 1, phase, known, true));
            return known;
        }
        ExperimentResult result = checked(loadLevel, delegate.run(loadLevel));
        log.add(new ExperimentRecord(log.size() + 1, phase, result, false));
        if (!result.valid()) {
            repeats++;
            result = checked(loadLevel, delegate.run(loadLevel));
            log.add(new ExperimentRecord(log.size() + 1, phase, result, false, true));
        }
        byLoad.put(loadLevel, result);
        return result;
    }

    private static ExperimentResult checked(long loadLevel, ExperimentResult result) {
        if (result.loadLevel() != loadLevel) {
            throw new IllegalStateException("asked for load " + loadLevel + ", experimenter answered for "
                    + result.loadLevel());
        }
        return result;
    }

    /** Runs a confirmation, and once more when it was invalid. */
    @Override
    public ExperimentResult confirm(long loadLevel, Duration sustain) {
        ExperimentResult result = delegate.confirm(loadLevel, sustain);
        if (!result.valid()) {
            repeats++;
            result = delegate.confirm(loadLevel, sustain);
        }
        return result;
    }

    /** Experiments run again because they were invalid. */
    public int repeats() {
        return repeats;
    }

    /** Every request so far, in order (copy). */
    public List<ExperimentRecord> log() {
        return List.copyOf(log);
    }

    /** Requests so far, memo hits included (a repeat is not a request of its own). */
    public int totalExperiments() {
        return (int) log.stream().filter(r -> !r.repeat()).count();
    }

    /** Experiments that actually ran. */
    public int uniqueExperiments() {
        return byLoad.size();
    }

    /** The distinct results so far, in the order they ran. */
    public List<ExperimentResult> uniqueResults() {
        List<ExperimentResult> results = new ArrayList<>();
        for (int i = 0; i < log.size(); i++) {
            ExperimentRecord r = log.get(i);
            boolean repeatedLater = i + 1 < log.size() && log.get(i + 1).repeat();
            if (!r.memoHit() && !repeatedLater) {
                results.add(r.result());
            }
        }
        return results;
    }
}
