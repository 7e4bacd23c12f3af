package org.openmark.measure;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** Histograms as text: HdrHistogram's compressed encoding in base64 (lossless, mergeable). */
public final class HistogramCodec {
    private HistogramCodec() {
    }

    /**
     * The same values in a histogram whose size follows from its content alone. A histogram's
     * encoding carries its highest trackable value, which for an auto-resized histogram depends
     * on how it was filled (a merged histogram: which stripes or workers held which values). Equal
     * content must encode to equal bytes, or identical runs would write different files.
     */
    public static Histogram canonical(Histogram h) {
        Histogram c = new Histogram(h.getNumberOfSignificantValueDigits());
        c.setAutoResize(true);
        c.add(h);
        c.setStartTimeStamp(h.getStartTimeStamp());
        c.setEndTimeStamp(h.getEndTimeStamp());
        c.setTag(h.getTag());
        return c;
    }

    /** Encodes a histogram (its {@linkplain #canonical canonical} form). */
    public static String encode(Histogram histogram) {
        Histogram h = canonical(histogram);
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity() + 64);
        int n = h.encodeIntoCompressedByteBuffer(buf);
        byte[] bytes = new byte[n];
        buf.flip();
        buf.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** Decodes what {@link #encode} produced. */
    public static Histogram decode(String text) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
        }
    }
}
