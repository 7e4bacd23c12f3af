package org.openmark.cluster;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.openmark.cluster.coordinator.RunTimeline;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.Share;
import org.openmark.run.Model;
import org.openmark.run.OfferedChange;
import org.openmark.run.Phase;
import org.openmark.run.ResultMerge;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.ScheduleReport;

/**
 * A cluster run's span on the coordinator's clock and what its schedule planned and offered: the
 * span runs from the common start to the end of the last worker's last interval (every time
 * already moved into the coordinator's clock); rates are operations over it. A worker that ended
 * before the others (lost, or stopped on its machine) changes what the run offered from then on,
 * which is said beside the plan, never instead of it. Pure.
 */
final class ClusterSpan {
    /**
     * What the coordinator knows of one worker's part.
     *
     * @param who how reports name it: {@code worker-2 (127.0.0.1:41317)}
     * @param share its share of the run
     * @param part its result, or for a lost worker what it delivered
     * @param lost whether it was lost
     * @param lastIntervalEndMs the end of its last interval, by the coordinator's wall clock (-1: none came)
     * @param stopReason why it stopped before its end on its own (a signal on its machine), or null
     * @param lostReason why and when it was lost, or null
     */
    record Worker(String who, Share share, RunResult part, boolean lost, long lastIntervalEndMs, String stopReason,
            String lostReason) {

        /** True when it ended before the run did: lost, or stopped on its machine. */
        boolean endedEarly() {
            return lost || stopReason != null;
        }
    }

    private final RunConfig cfg;
    private final RunTimeline timeline;
    private final List<Worker> workers;
    /** The run's open model, or null for a closed run or a load phase. */
    private final Model.Open open;
    /** The phase's closed model (a load phase's too), or null for an open run. */
    private final Model.Closed closed;

    ClusterSpan(RunConfig cfg, RunTimeline timeline, List<Worker> workers) {
        this.cfg = cfg;
        this.timeline = timeline;
        this.workers = List.copyOf(workers);
        Model model = cfg.model();
        this.open = model instanceof Model.Open o ? o : null;
        this.closed = model instanceof Model.Closed c ? c : null;
    }

    /** When worker {@code w}'s part ended, by the coordinator's wall clock (epoch ms). */
    long endEpochMs(Worker w) {
        if (w.lastIntervalEndMs() >= 0) {
            return w.lastIntervalEndMs();
        }
        RunResult p = w.part();
        if (!w.lost() && p.startEpochMs() > 0) {
            return p.startEpochMs() + Math.min(timeline.warmupMillis(), Math.max(0, p.runtimeMs()))
                    + p.runtimeMs();
        }
        return timeline.startEpochMillis();
    }

    /** The common start instant, by the coordinator's wall clock (epoch ms). */
    long runStartEpochMs() {
        return timeline.startEpochMillis();
    }

    /** When the last worker's part ended (epoch ms). */
    long runEndEpochMs() {
        return workers.stream().mapToLong(this::endEpochMs).max().orElse(timeline.startEpochMillis());
    }

    /** Seconds from the start until worker {@code w} issued its last operation. */
    private double issueEndSeconds(Worker w) {
        ScheduleReport s = w.part().schedule();
        if (!w.lost() && s != null && s.achievedRate() > 0) {
            return startSeconds(w) + w.part().accounting().issued() / s.achievedRate();
        }
        return (endEpochMs(w) - timeline.startEpochMillis()) / 1000.0;
    }

    private double scheduledEndSeconds(Worker w) {
        ScheduleReport s = w.part().schedule();
        if (!w.lost() && s != null && s.scheduledRate() > 0) {
            return startSeconds(w) + w.part().accounting().issued() / s.scheduledRate();
        }
        return (endEpochMs(w) - timeline.startEpochMillis()) / 1000.0;
    }

    /** When worker {@code w}'s phase started after the common start (its clock's error), in seconds. */
    private double startSeconds(Worker w) {
        long start = w.part().startEpochMs();
        return start > 0 ? Math.max(0, (start - timeline.startEpochMillis()) / 1000.0) : 0;
    }

    /** The span the merged result's rates are measured over, with the plan and what was offered. */
    ResultMerge.Span span() {
        long start = timeline.startEpochMillis();
        long runEnd = runEndEpochMs();
        long measuredStart = Math.min(start + timeline.warmupMillis(), runEnd);
        double issue = workers.stream().mapToDouble(this::issueEndSeconds).max().orElse(0);
        double scheduled = workers.stream().mapToDouble(this::scheduledEndSeconds).max().orElse(0);
        double target = open != null ? open.schedule().meanRate(Math.round(issue * 1e9)) : 0;
        long maxInFlight = 0;
        for (Worker w : workers) {
            ScheduleReport s = w.part().schedule();
            maxInFlight += s != null ? s.maxInFlight() : open != null ? w.share().part(open.maxInFlight()) : 0;
        }
        List<OfferedChange> changes = changes();
        double offeredRate = 0;
        if (open != null && !changes.isEmpty() && issue > 0) {
            double ops = 0;
            for (Worker w : workers) {
                long nanos = Math.round(issueEndSeconds(w) * 1e9);
                ops += open.schedule().meanRate(nanos) * issueEndSeconds(w) / workers.size();
            }
            offeredRate = ops / issue;
        }
        return new ResultMerge.Span(start, runEnd - measuredStart, issue, scheduled, target,
                (int) Math.min(Integer.MAX_VALUE, maxInFlight), offeredRate, open != null ? changes : List.of());
    }

    /** The moments workers ended before the run did, in time order, with what was offered from then on. */
    List<OfferedChange> changes() {
        List<Worker> early = new ArrayList<>(workers.stream().filter(Worker::endedEarly).toList());
        early.sort(Comparator.comparingLong(this::endEpochMs));
        List<OfferedChange> out = new ArrayList<>();
        int left = workers.size();
        long threads = closed != null ? closed.threads() : 0;
        for (Worker w : early) {
            left--;
            threads -= closed != null ? w.share().part(closed.threads()) : 0;
            double at = (endEpochMs(w) - timeline.startEpochMillis()) / 1000.0;
            double rate = open != null ? open.schedule().rateAt(Math.round(at * 1e9)) * left / workers.size() : 0;
            out.add(new OfferedChange(at, left, workers.size(), rate, (int) threads,
                    w.who() + (w.lost() ? " was lost" : " stopped: " + w.stopReason())));
        }
        return out;
    }

    /** What the changes mean for the run, one note each (and one for the whole run under the open model). */
    List<String> notes(ResultMerge.Span span) {
        List<String> notes = new ArrayList<>();
        for (OfferedChange c : changes()) {
            long nanos = Math.round(c.fromSeconds() * 1e9);
            if (open != null) {
                notes.add(String.format(Locale.ROOT, "from %.1f s on, the run offered %.0f ops/s instead of %.0f"
                        + " ops/s (%d of %d workers; %s)", c.fromSeconds(), c.ratePerSec(),
                        open.schedule().rateAt(nanos), c.workers(), c.of(), c.why()));
            } else if (cfg.phase() == Phase.RUN) {
                notes.add(String.format(Locale.ROOT, "from %.1f s on, %d of the %d client threads went on (%d of %d"
                        + " workers; %s)%s", c.fromSeconds(), c.threads(), closed.threads(), c.workers(), c.of(),
                        c.why(), closed.paced() ? String.format(Locale.ROOT, ", paced to %.0f ops/s of the %.0f ops/s"
                                + " planned", closed.targetPerSec() * c.threads() / closed.threads(),
                                closed.targetPerSec()) : ""));
            } else {
                notes.add(String.format(Locale.ROOT, "from %.1f s on, %d of %d workers went on (%s)", c.fromSeconds(),
                        c.workers(), c.of(), c.why()));
            }
        }
        if (open != null && span.offeredRate() > 0) {
            notes.add(String.format(Locale.ROOT, "over its whole %.1f s the run offered %.0f ops/s of the %.0f ops/s"
                    + " planned", span.issueSeconds(), span.offeredRate(), span.targetRate()));
        }
        return notes;
    }

    /**
     * What is known of the operations a lost worker issued after its last delivered interval: a
     * bound where its schedule has one, an estimate where its arrivals are random, or that nothing
     * bounds it.
     */
    String unseen(Worker w) {
        long seen = w.part().accounting().issued();
        long byCount = cfg.operationCount() > 0 ? w.share().part(cfg.operationCount()) : Long.MAX_VALUE;
        double durationSeconds = cfg.duration().toNanos() / 1e9;
        String countBound = String.format(Locale.ROOT, "at most %d (what remained of its %d operations)",
                Math.max(0, byCount - seen), byCount);
        if (durationSeconds <= 0 || cfg.phase() != Phase.RUN) {
            return byCount == Long.MAX_VALUE ? "not known" : countBound;
        }
        double planned;
        boolean exact;
        String basis;
        if (open != null) {
            planned = open.schedule().meanRate(cfg.duration().toNanos()) * durationSeconds / workers.size();
            exact = open.arrival() instanceof ArrivalProcess.Constant;
            basis = exact ? "its schedule of " + open.arrival().describe() + " arrivals over the run's "
                    + fmt(durationSeconds) + " s" : "the expected arrivals of its " + open.arrival().describe()
                    + " schedule over the run's " + fmt(durationSeconds) + " s";
            if (exact) {
                planned = Math.floor(planned) + 1;
            }
        } else if (closed.paced()) {
            planned = closed.targetPerSec() * w.share().part(closed.threads()) / closed.threads() * durationSeconds;
            exact = false;
            basis = "its paced rate over the run's " + fmt(durationSeconds) + " s";
        } else {
            return byCount == Long.MAX_VALUE ? "not known (the closed model without a target has no rate to bound"
                    + " it by)" : countBound;
        }
        long more = Math.max(0, (long) Math.ceil(planned) - seen);
        if (byCount - seen < more) {
            return countBound;
        }
        return exact ? String.format(Locale.ROOT, "at most %d (%s, less the %d it reported issued)", more, basis, seen)
                : String.format(Locale.ROOT, "about %d, an estimate (%s, less the %d it reported issued)", more, basis,
                        seen);
    }

    private static String fmt(double seconds) {
        return seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.format(Locale.ROOT, "%.1f",
                seconds);
    }
}
