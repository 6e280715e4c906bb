// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package schema contains all available schema functionality for list
// resources. List resource schemas define the structure of a list block.
// Schemas are implemented via the list.ListResource type Schema method.
package schema
