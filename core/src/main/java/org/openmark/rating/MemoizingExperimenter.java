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
 */
public final class MemoizingExperimenter implements Experimenter {
    private final Experimenter delegate;
    private final Map<Long, ExperimentResult> byLoad = new HashMap<>();
    private final List<ExperimentRecord> log = new ArrayList<>();
    private String phase = "search";

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
        ExperimentResult result = delegate.run(loadLevel);
        if (result.loadLevel() != loadLevel) {
            throw new IllegalStateException("asked for load " + loadLevel + ", experimenter answered for "
                    + result.loadLevel());
        }
        byLoad.put(loadLevel, result);
        log.add(new ExperimentRecord(log.size() + 1, phase, result, false));
        return result;
    }

    @Override
    public ExperimentResult confirm(long loadLevel, Duration sustain) {
        return delegate.confirm(loadLevel, sustain);
    }

    /** Every request so far, in order (copy). */
    public List<ExperimentRecord> log() {
        return List.copyOf(log);
    }

    /** Requests so far, memo hits included. */
    public int totalExperiments() {
        return log.size();
    }

    /** Experiments that actually ran. */
    public int uniqueExperiments() {
        return byLoad.size();
    }

    /** The distinct results so far, in the order they ran. */
    public List<ExperimentResult> uniqueResults() {
        return log.stream().filter(r -> !r.memoHit()).map(ExperimentRecord::result).toList();
    }
}
