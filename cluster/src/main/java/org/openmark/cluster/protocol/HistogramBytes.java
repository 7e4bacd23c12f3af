package org.openmark.cluster.protocol;

import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.openmark.measure.Measurements;
import org.openmark.report.HistogramCodec;

/** Histograms on the wire: HdrHistogram's compressed encoding (lossless; a few hundred bytes typically). */
final class HistogramBytes {
    private HistogramBytes() {
    }

    static byte[] encode(Histogram histogram) {
        Histogram h = HistogramCodec.canonical(histogram);
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity() + 64);
        int n = h.encodeIntoCompressedByteBuffer(buf);
        byte[] bytes = new byte[n];
        buf.flip();
        buf.get(bytes);
        return bytes;
    }

    /** Decodes into an auto-resizing histogram of the run's precision. */
    static Histogram decode(byte[] bytes) {
        try {
            Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
            Histogram h = Measurements.newHistogram();
            h.add(decoded);
            return h;
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("a histogram on the wire did not decode: " + e.getMessage(), e);
        }
    }
}
