package org.openmark.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The response-time and service-time recorders of one {@link Channel} for one writer.
 * Single-writer recorders for a thread's own writer; concurrent recorders for the shared one.
 */
final class RecorderPair {
    private final Channel channel;
    private final SingleWriterRecorder singleResponse;
    private final SingleWriterRecorder singleService;
    private final Recorder sharedResponse;
    private final Recorder sharedService;
    private Histogram recycleResponse;
    private Histogram recycleService;

    RecorderPair(Channel channel, boolean shared, int significantDigits) {
        this.channel = channel;
        if (shared) {
            sharedResponse = new Recorder(significantDigits);
            sharedService = new Recorder(significantDigits);
            singleResponse = null;
            singleService = null;
        } else {
            singleResponse = new SingleWriterRecorder(significantDigits);
            singleService = new SingleWriterRecorder(significantDigits);
            sharedResponse = null;
            sharedService = null;
        }
    }

    Channel channel() {
        return channel;
    }

    void record(long responseMicros, long serviceMicros) {
        if (singleResponse != null) {
            singleResponse.recordValue(responseMicros);
            singleService.recordValue(serviceMicros);
        } else {
            sharedResponse.recordValue(responseMicros);
            sharedService.recordValue(serviceMicros);
        }
    }

    /** Adds this pair's interval histograms to {@code response} and {@code service}. Called by the collector only. */
    void drainInto(Histogram response, Histogram service) {
        Histogram r = singleResponse != null
                ? singleResponse.getIntervalHistogram(recycleResponse)
                : sharedResponse.getIntervalHistogram(recycleResponse);
        Histogram s = singleService != null
                ? singleService.getIntervalHistogram(recycleService)
                : sharedService.getIntervalHistogram(recycleService);
        response.add(r);
        service.add(s);
        recycleResponse = r;
        recycleService = s;
    }
}
