package org.openmark.consistency;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openmark.api.WarsTracing;
import org.openmark.api.WarsTracing.WarsSample;
import org.openmark.pbs.TokenAwareWars;
import org.openmark.pbs.WarsKind;

/**
 * One traced write-and-read pair's delays (ms), rounded to the microsecond (the traces'
 * resolution), so that staleness.json holds exactly what the prediction used.
 *
 * @param w per messaged replica, the write's way there (from the coordinator's receipt)
 * @param a per messaged replica, its acknowledgement's way back (NaN when it came after the coordinator
 *     answered: a write traced at a level that waits for fewer replicas)
 * @param r per messaged replica, the read's way there
 * @param s per messaged replica, the answer's way back
 * @param wLocal the write coordinator's own apply, NaN when it held no copy
 * @param aLocal its own acknowledgement (0: no message), NaN when it held no copy
 * @param rLocal the read coordinator's own read, NaN when it held no copy
 * @param client the time the client adds between a commit and the read's start at a coordinator
 *     (half of what the traced pair's call took beyond its coordinators), NaN when unknown
 * @param nodes the nodes the delays are of, or null when the store does not tell
 */
public record TracedPair(double[] w, double[] a, double[] r, double[] s, double wLocal, double aLocal, double rLocal,
        double client, WarsTracing.Nodes nodes) {

    /** A pair whose nodes are not known. */
    public TracedPair(double[] w, double[] a, double[] r, double[] s, double wLocal, double aLocal, double rLocal,
            double client) {
        this(w, a, r, s, wLocal, aLocal, rLocal, client, null);
    }

    public TracedPair {
        w = round(w);
        a = round(a);
        r = round(r);
        s = round(s);
        wLocal = round(wLocal);
        aLocal = round(aLocal);
        rLocal = round(rLocal);
        client = round(client);
    }

    /**
     * A store's sample, with the traced call's time as the client saw it ({@code callMs}, NaN when
     * not taken): the client's share is half of what the call took beyond the coordinators (its
     * way to them and back, for the write and for the read; a commit to the next read's start
     * holds one way back and one way there).
     */
    public static TracedPair of(WarsSample sample, double callMs) {
        double client = Double.isNaN(callMs) || Double.isNaN(sample.coordinatorMs()) ? Double.NaN
                : Math.max(0, (callMs - sample.coordinatorMs()) / 2);
        return new TracedPair(sample.wMs(), sample.aMs(), sample.rMs(), sample.sMs(), sample.wLocalMs(),
                sample.aLocalMs(), sample.rLocalMs(), client, sample.nodes());
    }

    /**
     * This pair as one scenario of the joint model: per replica of the key (the write's coordinator
     * first), when it applied the write, when it acknowledged it, and when it read (its own read
     * when it coordinated the read, else its messaged read); null when the nodes are not known or a
     * replica lacks one of them.
     *
     * <p>An acknowledgement that came after the traced write was answered (a write traced at a
     * level below ALL) is not in the trace, yet a larger W waits for it: it is taken to come back as
     * that replica's answer to the traced read did (its S; the pair's median S for the read's
     * coordinator), and not before the last acknowledgement that was traced (it came after the
     * answer, which came after those). The W-th acknowledgement at the traced level itself is
     * therefore the one traced.
     */
    public TokenAwareWars.Scenario scenario() {
        if (nodes == null || !hasLocal() || nodes.written().size() != w.length || nodes.read().size() != r.length) {
            return null;
        }
        List<String> replicas = new java.util.ArrayList<>();
        replicas.add(nodes.writeCoordinator());
        replicas.addAll(nodes.written());
        int n = replicas.size();
        double[] visible = new double[n];
        double[] acked = new double[n];
        double[] read = new double[n];
        double[] answered = new double[n];
        double lastTracedAck = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double ack = i == 0 ? aLocal : a[i - 1];
            if (!Double.isNaN(ack)) {
                lastTracedAck = Math.max(lastTracedAck, (i == 0 ? wLocal : w[i - 1]) + ack);
            }
        }
        double medianS = medianKnown(s);
        for (int i = 0; i < n; i++) {
            visible[i] = i == 0 ? wLocal : w[i - 1];
            double ack = i == 0 ? aLocal : a[i - 1];
            String node = replicas.get(i);
            if (Double.isNaN(ack)) {
                int atRead = nodes.read().indexOf(node);
                double back = atRead >= 0 && atRead < s.length && !Double.isNaN(s[atRead]) ? s[atRead] : medianS;
                acked[i] = Double.isNaN(back) ? Double.POSITIVE_INFINITY : Math.max(visible[i] + back, lastTracedAck);
            } else {
                acked[i] = visible[i] + ack;
            }
            int at = nodes.read().indexOf(node);
            if (node.equals(nodes.readCoordinator())) {
                read[i] = rLocal;
                answered[i] = rLocal;
            } else if (at >= 0) {
                read[i] = r[at];
                // an answer's way back not traced: the read itself is what is known of it
                answered[i] = r[at] + (at < s.length && !Double.isNaN(s[at]) ? s[at] : 0);
            } else {
                return null;
            }
        }
        return new TokenAwareWars.Scenario(visible, acked, read, Double.isNaN(client) ? 0 : client, answered);
    }

    /** The median of the known (not NaN) values, NaN when none is known. */
    private static double medianKnown(double[] values) {
        double[] known = java.util.Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        return known.length == 0 ? Double.NaN : known[(known.length - 1) / 2];
    }

    /** The delays of one kind. */
    public double[] of(WarsKind kind) {
        return switch (kind) {
            case W -> w;
            case A -> a;
            case R -> r;
            case S -> s;
        };
    }

    /** True when the coordinators' own copies are known. */
    public boolean hasLocal() {
        return !Double.isNaN(wLocal) && !Double.isNaN(aLocal) && !Double.isNaN(rLocal);
    }

    /** {@code {W: [...], A: [...], R: [...], S: [...], WLocal, ALocal, RLocal, client}} (unknowns left out). */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (WarsKind kind : WarsKind.values()) {
            List<Double> values = new java.util.ArrayList<>();
            for (double v : of(kind)) {
                values.add(Double.isNaN(v) ? null : v); // JSON has no NaN
            }
            m.put(kind.name(), values);
        }
        put(m, "WLocal", wLocal);
        put(m, "ALocal", aLocal);
        put(m, "RLocal", rLocal);
        put(m, "client", client);
        if (nodes != null) {
            m.put("nodes", Map.of("write", nodes.writeCoordinator(), "W", nodes.written(), "read",
                    nodes.readCoordinator(), "R", nodes.read()));
        }
        return m;
    }

    /** The pair {@link #json} wrote. */
    @SuppressWarnings("unchecked")
    public static TracedPair fromJson(Map<String, Object> m) {
        Map<String, Object> n = (Map<String, Object>) m.get("nodes");
        WarsTracing.Nodes nodes = n == null ? null : new WarsTracing.Nodes((String) n.get("write"),
                (List<String>) n.get("W"), (String) n.get("read"), (List<String>) n.get("R"));
        return new TracedPair(array((List<Number>) m.get("W")), array((List<Number>) m.get("A")),
                array((List<Number>) m.get("R")), array((List<Number>) m.get("S")), number(m.get("WLocal")),
                number(m.get("ALocal")), number(m.get("RLocal")), number(m.get("client")), nodes);
    }

    private static void put(Map<String, Object> m, String key, double value) {
        if (!Double.isNaN(value)) {
            m.put(key, value);
        }
    }

    private static double[] array(List<Number> values) {
        return values == null ? new double[0]
                : values.stream().mapToDouble(v -> v == null ? Double.NaN : v.doubleValue()).toArray();
    }

    private static double number(Object value) {
        return value == null ? Double.NaN : ((Number) value).doubleValue();
    }

    private static double[] round(double[] ms) {
        double[] out = new double[ms.length];
        for (int i = 0; i < ms.length; i++) {
            out[i] = round(ms[i]);
        }
        return out;
    }

    private static double round(double ms) {
        return Double.isNaN(ms) ? ms : Math.round(ms * 1000) / 1000.0;
    }
}
