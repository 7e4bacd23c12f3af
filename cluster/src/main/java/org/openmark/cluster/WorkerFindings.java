package org.openmark.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the workers said about their parts (their warnings, or their notes), for the merged result:
 * each text once, in the order first said, after the workers that said it. Workers usually
 * differ in their figures, so most texts name one worker; a text several said word for word
 * ("interrupted: …") names them all instead of repeating itself.
 */
final class WorkerFindings {
    private final Map<String, List<String>> whoSaid = new LinkedHashMap<>();

    /** Adds what {@code worker} (its name and address) said. */
    void add(String worker, List<String> texts) {
        for (String text : texts) {
            List<String> who = whoSaid.computeIfAbsent(text, t -> new ArrayList<>());
            if (!who.contains(worker)) {
                who.add(worker);
            }
        }
    }

    /** One line per text: {@code "worker-1 (host:port), worker-2 (host:port): text"}. */
    List<String> lines() {
        List<String> lines = new ArrayList<>(whoSaid.size());
        whoSaid.forEach((text, who) -> lines.add(String.join(", ", who) + ": " + text));
        return lines;
    }
}
