package org.openmark.api;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one rule that decides which properties are secrets, and how a secret is shown: as
 * {@link #MASK}. Every output (results, pages, status lines, experiment, rating and staleness
 * results, a cluster's worker results) shows a property's value through {@link #shown}.
 *
 * <p>A property is a secret when its name, in any case, contains {@code pass}, {@code pwd},
 * {@code secret}, {@code token} or {@code credential}; when the last part of its name (after the
 * last {@code .}, not counting {@code _} and {@code -}) ends in {@code key} and is longer than {@code key}
 * ({@code mongodb.apikey}, {@code s3.accessKey}, {@code ssl.privatekey}), unless it names a key
 * column or attribute ({@code primarykey}, {@code partitionkey}, {@code hashkey}, {@code rangekey},
 * {@code sortkey}, {@code rowkey}); or when it contains {@code accesskey}, {@code apikey} or
 * {@code privatekey} anywhere ({@code s3.accessKeyId}). A value that is not itself secret may still carry
 * one: a URL's user information ({@code mongodb://user:pw@host}, Oracle's {@code thin:user/pw@host}) and the values of its query or
 * JDBC-style parameters whose names are secrets ({@code ?password=pw}, {@code ;password=pw}) are
 * masked too.
 *
 * <p>Secrets are known by their shape, so a misspelt one is masked too, even though no store reads
 * it ({@code jdbc.pasword}, {@code redis.passwrod}, {@code api.tokne}): a word of the name (split at
 * {@code .}, {@code _}, {@code -} and camelCase), or its last part without separators, within a
 * small edit distance (one for a word of up to seven letters, two from eight; a swap of two letters
 * is one) of {@code password}, {@code passwd}, {@code secret}, {@code token}, {@code credential},
 * {@code apikey}, {@code accesskey} or {@code privatekey} makes it a secret. That covers each "did
 * you mean" match of a secret property's name.
 */
public final class Secrets {
    /** What a secret is shown as. */
    public static final String MASK = "****";

    private static final String[] SECRET_PARTS = {"pass", "pwd", "secret", "token", "credential", "accesskey",
        "apikey", "privatekey"};
    /** The words a misspelt secret's name is close to. */
    private static final List<String> SECRET_WORDS = List.of("password", "passwd", "secret", "token", "credential",
            "apikey", "accesskey", "privatekey");
    /** A name's words: split at separators and where a lower-case letter or digit meets a capital. */
    private static final Pattern WORD_BREAK = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");
    private static final Set<String> KEY_COLUMNS = Set.of("primarykey", "partitionkey", "hashkey", "rangekey",
            "sortkey", "rowkey");
    /** {@code scheme://user:password@}: the password. */
    private static final Pattern USER_INFO = Pattern.compile("(://[^/@:\\s]*:)([^/@\\s]+)(@)");
    /** Oracle's {@code jdbc:oracle:thin:user/password@host}: the password. */
    private static final Pattern THIN_PASSWORD = Pattern.compile("(?i)(:thin:[^/@\\s]*/)([^@\\s]+)(@)");
    /** {@code name=value} after {@code ?}, {@code &} or {@code ;}. */
    private static final Pattern PARAMETER = Pattern.compile("([?&;])([^=&;?\\s]+)=([^&;\\s]*)");

    private Secrets() {
    }

    /** True when the property named {@code name} holds a secret. */
    public static boolean isSecret(String name) {
        if (name == null) {
            return false;
        }
        // separators do not count: api_key is apikey
        String lower = name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
        for (String part : SECRET_PARTS) {
            if (lower.contains(part)) {
                return true;
            }
        }
        String last = lower.substring(lower.lastIndexOf('.') + 1);
        if (last.length() > 3 && last.endsWith("key") && !KEY_COLUMNS.contains(last)) {
            return true;
        }
        if (closeToASecretWord(last)) {
            return true;
        }
        for (String word : WORD_BREAK.split(name)) {
            if (closeToASecretWord(word.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code word} is a misspelling of a secret's word ({@link #SECRET_WORDS}). */
    private static boolean closeToASecretWord(String word) {
        if (word.length() < 4 || KEY_COLUMNS.contains(word)) {
            return false;
        }
        for (String secret : SECRET_WORDS) {
            int allowed = secret.length() >= 8 ? 2 : 1;
            if (Math.abs(word.length() - secret.length()) <= allowed && distance(word, secret) <= allowed) {
                return true;
            }
        }
        return false;
    }

    /** Edit distance counting an insertion, a deletion, a change or a swap of two neighbours as one. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** The value of property {@code name} as an output may show it: {@link #MASK} for a secret, else the value with any secret it carries masked. */
    public static String shown(String name, String value) {
        if (value == null) {
            return null;
        }
        if (isSecret(name)) {
            return MASK;
        }
        return maskInside(value);
    }

    /** {@code text} with the secrets it carries masked: URL user information and secret-named parameters. */
    public static String maskInside(String text) {
        if (text == null || (text.indexOf('@') < 0 && text.indexOf('=') < 0)) {
            return text;
        }
        String masked = USER_INFO.matcher(text).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
        masked = THIN_PASSWORD.matcher(masked).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
        Matcher m = PARAMETER.matcher(masked);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = isSecret(m.group(2)) ? m.group(1) + m.group(2) + "=" + MASK : m.group();
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }
}
