// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package privatestate contains the type used for handling private resource
// state data.
package privatestate
