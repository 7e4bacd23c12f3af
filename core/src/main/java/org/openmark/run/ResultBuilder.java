package org.openmark.run;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.api.Secrets;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.Measurements;
import org.openmark.measure.Totals;

/** Turns the totals of a phase into per-operation results and the accounting. */
final class ResultBuilder {
    private ResultBuilder() {
    }

    /** One {@link OpResult} per operation name (operations and inner calls of that name together). */
    static List<OpResult> operations(Totals totals) {
        Map<String, Map<Status, Histogram>> response = group(totals.response());
        Map<String, Map<Status, Histogram>> service = group(totals.service());
        List<OpResult> out = new ArrayList<>();
        for (String name : response.keySet()) {
            Map<Status, Histogram> r = response.get(name);
            Map<Status, Histogram> s = service.getOrDefault(name, Map.of());
            Map<Status, Long> counts = new EnumMap<>(Status.class);
            r.forEach((st, h) -> counts.put(st, h.getTotalCount()));
            out.add(new OpResult(name, counts, pick(r, true), pick(s, true), pick(r, false), pick(s, false), r, s));
        }
        return out;
    }

    private static Map<String, Map<Status, Histogram>> group(Map<Channel, Histogram> byChannel) {
        Map<String, Map<Status, Histogram>> m = new TreeMap<>();
        byChannel.forEach((c, h) -> m.computeIfAbsent(c.op(), k -> new EnumMap<>(Status.class))
                .computeIfAbsent(c.status(), k -> empty()).add(h));
        return m;
    }

    private static Histogram pick(Map<Status, Histogram> byStatus, boolean ok) {
        Histogram sum = empty();
        byStatus.forEach((st, h) -> {
            if (st.isOk() == ok) {
                sum.add(h);
            }
        });
        return sum;
    }

    static Histogram empty() {
        return Measurements.newHistogram();
    }

    /** The accounting of units of work (inner calls excluded). */
    static Accounting accounting(long issued, Totals totals, long dropped) {
        Map<Status, Long> statuses = new EnumMap<>(Status.class);
        totals.response().forEach((c, h) -> {
            if (!c.inner()) {
                statuses.merge(c.status(), h.getTotalCount(), Long::sum);
            }
        });
        long completed = statuses.values().stream().mapToLong(Long::longValue).sum();
        long unfinished = Math.max(0, issued - totals.warmUpCompleted() - completed);
        return new Accounting(issued, totals.warmUpCompleted(), statuses, unfinished, dropped);
    }

    /** The configuration for reports: sorted, with secrets masked. */
    static Map<String, String> maskedConfig(Map<String, String> settings) {
        Map<String, String> m = new LinkedHashMap<>();
        new TreeMap<>(settings).forEach((k, v) -> m.put(k, Secrets.shown(k, v)));
        return m;
    }
}
