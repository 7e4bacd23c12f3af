package org.openmark.measure;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One channel's active histograms (the writer's) and spares (the collector's). An operation
 * whose intended start is its actual start (unpaced, and every inner call) has one time for both
 * its response and its service time: it is recorded once, in {@code both}, which the collector
 * adds to each. The active ones are swapped for the emptied spares by the collector while no
 * record is in progress ({@link SingleWriterPhaser}, or the stripe's hold in {@link SharedWriter}).
 */
final class ChannelHistograms {
    final Channel channel;
    volatile Histogram response = Measurements.newHistogram();
    volatile Histogram service = Measurements.newHistogram();
    volatile Histogram both = Measurements.newHistogram();
    private Histogram spareResponse = Measurements.newHistogram();
    private Histogram spareService = Measurements.newHistogram();
    private Histogram spareBoth = Measurements.newHistogram();

    ChannelHistograms(Channel channel) {
        this.channel = channel;
    }

    /** Records an operation's response and service time; once, when they are one time. */
    void record(long responseMicros, long serviceMicros, boolean oneTime) {
        if (oneTime) {
            both.recordValue(serviceMicros);
        } else {
            response.recordValue(responseMicros);
            service.recordValue(serviceMicros);
        }
    }

    /** Makes the emptied spares active; the taken histograms become the spares. */
    void swap() {
        Histogram r = response;
        Histogram s = service;
        Histogram b = both;
        spareResponse.reset();
        spareService.reset();
        spareBoth.reset();
        response = spareResponse;
        service = spareService;
        both = spareBoth;
        spareResponse = r;
        spareService = s;
        spareBoth = b;
    }

    /** Adds what the last {@link #swap} took to the interval's histograms of this channel. */
    void addTakenTo(Map<Channel, Histogram> responseTimes, Map<Channel, Histogram> serviceTimes) {
        Histogram r = responseTimes.computeIfAbsent(channel, c -> Measurements.newHistogram());
        r.add(spareResponse);
        r.add(spareBoth);
        Histogram v = serviceTimes.computeIfAbsent(channel, c -> Measurements.newHistogram());
        v.add(spareService);
        v.add(spareBoth);
    }
}
