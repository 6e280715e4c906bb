// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package mapdefault provides default values for types.Map attributes.
package mapdefault
