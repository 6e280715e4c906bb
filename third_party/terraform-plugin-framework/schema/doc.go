// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package schema contains functionality common to all schemas. Refer to the
// datasource/schema, provider/schema, and resource/schema packages for concept
// specific implementations.
package schema
