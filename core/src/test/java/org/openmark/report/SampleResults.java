package org.openmark.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.run.Accounting;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.run.ScheduleReport;

/** A fixed RunResult for golden-file tests. */
final class SampleResults {
    private SampleResults() {
    }

    static Histogram histogram(long... values) {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        for (long v : values) {
            h.recordValue(v);
        }
        return h;
    }

    static RunResult openRun() {
        Histogram readOk = histogram(100, 200, 300, 400, 1000);
        Histogram readOkService = histogram(90, 180, 250, 300, 800);
        Histogram readErr = histogram(5000);
        Histogram updOk = histogram(150, 250, 350);
        Map<Status, Long> readStatuses = new EnumMap<>(Status.class);
        readStatuses.put(Status.OK, 5L);
        readStatuses.put(Status.ERROR, 1L);
        Map<Status, Histogram> readByStatus = new EnumMap<>(Status.class);
        readByStatus.put(Status.OK, readOk);
        readByStatus.put(Status.ERROR, readErr);
        Map<Status, Histogram> readByStatusService = new EnumMap<>(Status.class);
        readByStatusService.put(Status.OK, readOkService);
        readByStatusService.put(Status.ERROR, readErr);
        OpResult read = new OpResult("READ", readStatuses, readOk, readOkService, readErr, readErr, readByStatus,
                readByStatusService);
        Map<Status, Long> updStatuses = new EnumMap<>(Status.class);
        updStatuses.put(Status.OK, 3L);
        OpResult update = new OpResult("UPDATE", updStatuses, updOk, updOk, histogram(), histogram(),
                Map.of(Status.OK, updOk), Map.of(Status.OK, updOk));
        Map<Status, Long> acc = new EnumMap<>(Status.class);
        acc.put(Status.OK, 8L);
        acc.put(Status.ERROR, 1L);
        Accounting accounting = new Accounting(11, 1, acc, 1, 0);
        ScheduleReport schedule = new ScheduleReport(1000, 1001.5, 999.25, histogram(10, 20, 30), 0, 0, 0, 3, 10000)
                .withMachineFloor(new org.openmark.run.MachineFloor(true, "", 1000, 1.8, 1801, 8, 25, 310, 22,
                        31));
        return new RunResult("0.1.0-test", 42, false, Phase.RUN,
                new org.openmark.load.OpenModel(new org.openmark.load.ArrivalProcess.Poisson(),
                        new org.openmark.load.RateSchedule.Constant(1000), 10000,
                        org.openmark.load.OverloadPolicy.WAIT).spec(), false, true, "memory", Map.of("version", "1.0"),
                Map.of("recordcount", "10", "jdbc.password", "****"), 1_700_000_000_000L, 9000, 0.889,
                List.of(read, update), accounting, schedule, histogram(7000), List.of("a warning"),
                List.of("a note"), true, false, null, List.of(50.0, 95.0, 99.0, 99.9), List.of());
    }
}
