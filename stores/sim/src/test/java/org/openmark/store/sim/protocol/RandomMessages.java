package org.openmark.store.sim.protocol;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.openmark.api.Record;
import org.openmark.api.Status;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;

/** Seeded random requests and replies, and a comparable text form of them (byte arrays shown as hex). */
final class RandomMessages {
    private RandomMessages() {
    }

    static String string(SplittableRandom r, int maxLength) {
        int n = r.nextInt(maxLength + 1);
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            int kind = r.nextInt(10);
            b.append(kind < 8 ? (char) ('a' + r.nextInt(26)) : kind == 8 ? 'é' : (char) (0x4E00 + r.nextInt(100)));
        }
        return b.toString();
    }

    static Map<String, byte[]> values(SplittableRandom r, int maxFields, int maxBytes) {
        Map<String, byte[]> m = new HashMap<>();
        int n = r.nextInt(maxFields + 1);
        for (int i = 0; i < n; i++) {
            byte[] v = new byte[r.nextInt(maxBytes + 1)];
            r.nextBytes(v);
            m.put("field" + i + string(r, 3), v);
        }
        return m;
    }

    static Set<String> fields(SplittableRandom r) {
        if (r.nextBoolean()) {
            return null;
        }
        Set<String> s = new HashSet<>();
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
            s.add(string(r, 8));
        }
        return s;
    }

    static SimRequest request(SplittableRandom r) {
        String table = string(r, 10);
        String key = string(r, 24);
        return switch (r.nextInt(6)) {
            case 0 -> new SimRequest.Read(table, key, fields(r));
            case 1 -> new SimRequest.Scan(table, key, r.nextInt(1000), fields(r));
            case 2 -> new SimRequest.Update(table, key, values(r, 5, 40));
            case 3 -> new SimRequest.Insert(table, key, values(r, 5, 40));
            case 4 -> new SimRequest.Delete(table, key);
            default -> new SimRequest.Stats();
        };
    }

    static SimReply reply(SplittableRandom r) {
        Status status = Status.values()[r.nextInt(Status.values().length)];
        long wait = r.nextLong(Long.MAX_VALUE);
        return switch (r.nextInt(5)) {
            case 0 -> new SimReply.OpReply(status, wait, null, null);
            case 1 -> new SimReply.OpReply(status, wait, values(r, 4, 30), null);
            case 2 -> {
                List<Record> records = new ArrayList<>();
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    records.add(new Record(string(r, 10), values(r, 3, 20)));
                }
                yield new SimReply.OpReply(status, wait, null, records);
            }
            case 3 -> new SimReply.StatsReply("{\"x\": " + r.nextInt() + "}");
            default -> new SimReply.ErrorReply(r.nextInt(7), string(r, 40));
        };
    }

    /** A text form with byte arrays as hex and maps sorted, for equality checks. */
    static String describe(Object o) {
        if (o instanceof byte[] b) {
            return HexFormat.of().formatHex(b);
        }
        if (o instanceof Map<?, ?> m) {
            Map<String, String> sorted = new TreeMap<>();
            m.forEach((k, v) -> sorted.put(String.valueOf(k), describe(v)));
            return sorted.toString();
        }
        if (o instanceof List<?> l) {
            return l.stream().map(RandomMessages::describe).toList().toString();
        }
        if (o instanceof Record rec) {
            return "Record[" + rec.key() + ", " + describe(rec.fields()) + "]";
        }
        if (o instanceof SimRequest.Update u) {
            return "Update[" + u.table() + ", " + u.key() + ", " + describe(u.values()) + "]";
        }
        if (o instanceof SimRequest.Insert i) {
            return "Insert[" + i.table() + ", " + i.key() + ", " + describe(i.values()) + "]";
        }
        if (o instanceof SimReply.OpReply op) {
            return "Op[" + op.status() + ", " + op.waitNanos() + ", " + (op.fields() == null ? "-" : describe(op.fields()))
                    + ", " + (op.records() == null ? "-" : describe(op.records())) + "]";
        }
        return String.valueOf(o);
    }
}
