/**
 * The {@code ycsb} store: runs any YCSB {@code site.ycsb.DB} binding, unchanged, under openmark's load
 * models and measurements.
 *
 * <h2>Implementation notes</h2>
 * The binding, its libraries and YCSB's core (shipped in this jar under {@code META-INF/openmark/ycsb})
 * load in a {@link org.openmark.store.ycsb.BindingClassLoader} whose parent is the JDK's platform class
 * loader: nothing of openmark's class path (its HdrHistogram, Jackson, Netty of Pekko) is visible to
 * the binding, and nothing of the binding's reaches openmark. Three exceptions, all openmark's own:
 * {@code org.openmark.api} and {@code org.openmark.store.ycsb.spi} come from openmark's loader, so
 * both sides share the types {@code Session}, {@code Status} and {@code BindingSessions}; and the bridge
 * ({@code org.openmark.store.ycsb.bridge}, compiled against {@code site.ycsb}) is defined inside the
 * binding's loader from this jar's class files. The bridge implements {@code Session} directly, so
 * an operation costs one interface call and the data conversion, no reflection. Classes of this
 * package never name a {@code site.ycsb} or bridge type (a test checks their class files).
 */
package org.openmark.store.ycsb;
