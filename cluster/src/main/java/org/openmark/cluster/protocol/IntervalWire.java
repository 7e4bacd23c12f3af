package org.openmark.cluster.protocol;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;

/**
 * An {@link IntervalSnapshot} on the wire: every histogram compressed, keyed by its channel's
 * tag ({@code READ.OK}, {@code READ.OK.inner}).
 */
public record IntervalWire(long startMillis, long endMillis, Map<String, byte[]> response,
        Map<String, byte[]> service, byte[] sendLag, long issued) {

    /** The bytes of its histograms (what dominates its size on the wire). */
    public long bytes() {
        long n = sendLag.length;
        for (byte[] b : response.values()) {
            n += b.length;
        }
        for (byte[] b : service.values()) {
            n += b.length;
        }
        return n;
    }

    public static IntervalWire of(IntervalSnapshot s) {
        return new IntervalWire(s.startMillis(), s.endMillis(), encode(s.response()), encode(s.service()),
                HistogramBytes.encode(s.sendLag()), s.issued());
    }

    /** The snapshot, its times moved by {@code shiftMillis} (into the coordinator's clock). */
    public IntervalSnapshot toSnapshot(long shiftMillis) {
        long start = startMillis + shiftMillis;
        long end = endMillis + shiftMillis;
        return new IntervalSnapshot(start, end, decode(response, start, end), decode(service, start, end),
                HistogramBytes.decode(sendLag), issued);
    }

    private static Map<String, byte[]> encode(Map<Channel, Histogram> byChannel) {
        Map<String, byte[]> m = new TreeMap<>();
        byChannel.forEach((c, h) -> m.put(c.tag(), HistogramBytes.encode(h)));
        return m;
    }

    private static Map<Channel, Histogram> decode(Map<String, byte[]> byTag, long start, long end) {
        Map<Channel, Histogram> m = new TreeMap<>();
        byTag.forEach((tag, bytes) -> {
            Histogram h = HistogramBytes.decode(bytes);
            h.setStartTimeStamp(start);
            h.setEndTimeStamp(end);
            m.put(channel(tag), h);
        });
        return m;
    }

    /** The channel of a tag {@code OP.STATUS} or {@code OP.STATUS.inner} (an operation name may hold dots). */
    static Channel channel(String tag) {
        boolean inner = tag.endsWith(".inner");
        String rest = inner ? tag.substring(0, tag.length() - ".inner".length()) : tag;
        int dot = rest.lastIndexOf('.');
        if (dot <= 0) {
            throw new IllegalArgumentException("not a channel tag: " + tag);
        }
        return new Channel(rest.substring(0, dot), Status.valueOf(rest.substring(dot + 1)), inner);
    }
}
