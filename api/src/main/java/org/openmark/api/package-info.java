/**
 * The binding contract between openmark and a data store: {@link org.openmark.api.StoreFactory}
 * opens a {@link org.openmark.api.Store}, which creates {@link org.openmark.api.Session}s that
 * return a {@link org.openmark.api.Status} for every call. Small and stable: third parties
 * implement it.
 */
package org.openmark.api;
