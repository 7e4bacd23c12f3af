package org.openmark.cluster.protocol;

import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.openmark.measure.HistogramCodec;

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

    /** Decodes into an auto-resizing histogram (its precision is the encoded one: the run's). */
    static Histogram decode(byte[] bytes) {
        try {
            Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
            decoded.setAutoResize(true);
            return decoded;
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("a histogram on the wire did not decode: " + e.getMessage(), e);
        }
    }
}
